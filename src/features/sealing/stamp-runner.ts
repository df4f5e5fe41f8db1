/**
 * Where stamping runs: one long-lived Bun Worker per process (the PDF work stays off the event
 * loop that answers requests). When the Worker cannot start (a bundle without the worker file),
 * stamping runs in-process, still after the request has been answered.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkReply, WorkRequest } from './seal-worker';
import { stampPdf, type StampInput } from './stamp';

type Pending = { resolve: (b: Uint8Array) => void; reject: (e: Error) => void; onProgress?: StampInput['onProgress'] };

/** Bun's Worker can be unref'd so an idle one does not keep the process alive. */
type BunWorker = Worker & { ref(): void; unref(): void };

let worker: BunWorker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function startWorker(): BunWorker | null {
  if (process.env.SEAL_WORKER === '0') return null;
  try {
    const url = new URL('./seal-worker.ts', import.meta.url);
    if (url.protocol !== 'file:' || !existsSync(fileURLToPath(url))) return null;
    const w = new Worker(url.href) as BunWorker;
    w.onmessage = (event: MessageEvent<WorkReply>) => {
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

/** Stamp a PDF in the Worker (or in-process when there is none). */
export function runStamp(input: StampInput): Promise<Uint8Array> {
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
