/** Public verification routes (`/seal/verify*`): no login, no member names; every check is counted per IP (files.ts). */
import { type Context, Hono } from 'hono';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { sealLimits } from './documents';
import { verifyBytes, verifyCode, verifyHash } from './files';
import { h } from './handler';
import { verifySchema } from './schemas';

/** The multipart verification route reads its own body (a PDF), so the API pipeline leaves it unread. */
export const VERIFY_FILE_PATH = '/seal/verify/file';

/** Reads the multipart body of POST /seal/verify/file under the PDF size cap (413 beyond it). */
async function readVerifyUpload(c: Context<ApiEnv>, cap: number): Promise<Uint8Array> {
  const req = c.req.raw;
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => new DomainError('tooLarge', { status: 413, code: Codes.TOO_LARGE });
  if (Number.isFinite(declared) && declared > cap) throw tooLarge();
  if (req.bodyUsed || !req.body) throw new DomainError('sealing.fileInvalid', { status: 400, code: Codes.VALIDATION, field: 'file' });
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  try {
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
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    throw new DomainError('sealing.fileInvalid', { status: 400, code: Codes.VALIDATION, field: 'file' });
  return new Uint8Array(await file.arrayBuffer());
}

/** `/seal/verify` (code, optional hash) and the PDF upload check; no gate. */
export const verifyRoutes = new Hono<ApiEnv>()
  .get(
    '/seal/verify',
    h(async (c) => {
      const db = c.get('db');
      const q = parseInput(verifySchema, c.get('query'));
      const ip = c.get('ip');
      return ok(c, q.sha256 ? await verifyHash(db, ip, q.code, q.sha256) : await verifyCode(db, ip, q.code));
    }),
  )
  .post(
    VERIFY_FILE_PATH,
    h(async (c) => {
      const db = c.get('db');
      const { maxPdfBytes } = await sealLimits(db);
      return ok(c, await verifyBytes(db, c.get('ip'), () => readVerifyUpload(c, maxPdfBytes + 16 * 1024)));
    }),
  );
