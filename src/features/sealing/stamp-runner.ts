/**
 * Where stamping runs: one long-lived Bun Worker per process (the PDF work stays off the event
 * loop that answers requests). When the Worker cannot start (a bundle without the worker file),
 * stamping runs in-process, still after the request has been answered.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkReply, WorkRequest } from './seal-worker';
import { stampPdf, type StampInput } from './stamp';

type Pending = { resolve: (b: Uint8Array) => void; reject: (e: Error) => void; onProgress?: StampInput['onProgress'] };

/** Bun's Worker can be unref'd so an idle one does not keep the process alive. */
type BunWorker = Worker & { ref(): void; unref(): void };

let worker: BunWorker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * The worker's source file: beside this module when it runs from source; in a bundled build (where
 * this module is a chunk), the checkout's copy under the working directory; else none.
 */
function workerFile(): string | null {
  let here = '';
  try {
    here = fileURLToPath(import.meta.url);
  } catch {
    // not a file URL
  }
  const candidates = [
    here.endsWith(join('src', 'features', 'sealing', 'stamp-runner.ts')) ? join(dirname(here), 'seal-worker.ts') : '',
    join(process.cwd(), 'src', 'features', 'sealing', 'seal-worker.ts'),
  ];
  return candidates.find((f) => f && existsSync(f)) ?? null;
}

let broken = false;

function startWorker(): BunWorker | null {
  if (broken) return null;
  if (process.env.SEAL_WORKER === '0') return null;
  try {
    const file = workerFile();
    if (!file) return null;
    const w = new Worker(file) as BunWorker;
    let started = false;
    w.onmessage = (event: MessageEvent<WorkReply>) => {
      started = true;
      const msg = event.data;
      const p = pending.get(msg.id);
      if (!p) return;
      if (msg.type === 'progress') p.onProgress?.(msg.done, msg.total);
      else {
        pending.delete(msg.id);
        if (msg.type === 'done') p.resolve(msg.bytes);
        else p.reject(new Error(msg.message));
      }
      if (pending.size === 0) w.unref();
    };
    w.onerror = (event) => {
      // A crashed worker fails what it held; the next job starts a new one.
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new Error(`seal worker crashed: ${event.message}`));
      }
      // A worker that cannot even start (a missing dependency) is not tried again.
      if (!started) broken = true;
      worker = undefined;
    };
    w.unref();
    return w;
  } catch {
    return null;
  }
}

/** Whether stamping runs in a Worker in this process. */
export function usesWorker(): boolean {
  worker ??= startWorker();
  return worker !== null;
}

/** Stamp a PDF in the Worker (or in-process when there is none, or when the Worker failed to start). */
export async function runStamp(input: StampInput): Promise<Uint8Array> {
  try {
    return await inWorker(input);
  } catch (err) {
    if (!broken) throw err;
    return stampPdf(input);
  }
}

function inWorker(input: StampInput): Promise<Uint8Array> {
  worker ??= startWorker();
  const w = worker;
  if (!w) return stampPdf(input);
  const id = nextId++;
  const { onProgress, ...rest } = input;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    w.ref();
    w.postMessage({ id, ...rest } satisfies WorkRequest);
  });
}
