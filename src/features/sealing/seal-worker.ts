/**
 * The sealing Worker: stamps PDFs off the server's event loop. Messages in: a {@link WorkRequest};
 * out: `progress`, then `done` with the bytes or `error`.
 */
import { stampPdf, type StampInput } from './stamp';

export type WorkRequest = { id: number } & Omit<StampInput, 'onProgress'>;
export type WorkReply =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'done'; bytes: Uint8Array }
  | { id: number; type: 'error'; message: string };

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  const { id, ...input } = event.data;
  try {
    const bytes = await stampPdf({
      ...input,
      onProgress: (done, total) => self.postMessage({ id, type: 'progress', done, total } satisfies WorkReply),
    });
    self.postMessage({ id, type: 'done', bytes } satisfies WorkReply, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ id, type: 'error', message: String((err as Error)?.message ?? err) } satisfies WorkReply);
  }
};
