/**
 * Reading an upload body: a stream with a byte cap, so an oversize upload is refused (413) as soon
 * as the cap is passed, never read to its end. Uploads bypass the API's 64 KB body reader
 * (`STREAMING_PATHS` in the pipeline).
 */
import { Codes, DomainError } from '~/server/errors';

/** Room for the multipart boundaries, part headers and the small text fields. */
export const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = () => new DomainError('upload.tooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file' });

/** At most `cap` bytes of the body; past it, the stream is cancelled and 413 thrown. */
export async function readCapped(req: Request, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The multipart form of an upload request, the body read under `cap` (400 unreadable, 415 not multipart). */
export async function readUploadForm(req: Request, cap: number): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
  }
  const bytes = await readCapped(req, cap);
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  }
}
