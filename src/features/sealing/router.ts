/**
 * The sealing API under /userapi/v1: seals (`/seal/*`), documents and jobs (`/seal/file/*`,
 * `/seal/job`), public verification (`/seal/verify*`, no login) and the operator's review
 * (`/operator/seal/*`). Every handler calls its gate first.
 */
import { type Context, Hono } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { contentDisposition, getStorage } from '~/features/upload';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { hasExplicitRule } from '~/server/permissions';
import { requireMember, requireOperator, requireRule } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { errorEnvelope, ok } from '../_shared/envelope';
import { inspectPdf, previewPage, sealLimits } from './documents';
import { notFound, SealError } from './errors';
import { detailOf, getSealedFile, listSealedFiles, sealedFileBytes, verifyBytes, verifyCode, verifyHash, voidSealedFile } from './files';
import type { JobView } from './job-row';
import { createSealJob, pollJob } from './jobs';
import {
  approveSchema,
  fileListSchema,
  idSchema,
  inspectSchema,
  operatorListSchema,
  previewSchema,
  reasonSchema,
  sealAddSchema,
  sealFileSchema,
  sealGenerateSchema,
  verifySchema,
  voidSchema,
} from './schemas';
import {
  addSeal,
  deleteSeal,
  findSeal,
  generateSeal,
  listSeals,
  operatorListSeals,
  operatorSealDetail,
  reviewSeal,
  type ReviewAction,
  sealImage,
  sealOwnerOf,
} from './seals';

/** The multipart verification route reads its own body (a PDF), so the API pipeline leaves it unread. */
export const VERIFY_FILE_PATH = '/seal/verify/file';

type Handler = (c: Context<ApiEnv>) => Promise<Response>;

/**
 * Runs a handler; a {@link SealError} becomes its envelope with its `data` fields (`{status}`,
 * `{pages, max}`) and a seal status translated into the request's language.
 */
function h(fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (err) {
      if (!(err instanceof SealError)) throw err;
      const locale = c.get('locale') ?? 'zh-cn';
      const params = err.params?.status ? { ...err.params, status: apiMessage(locale, `sealing.status.${err.params.status}`) } : err.params;
      const translated = new DomainError(err.key, { status: err.status, code: err.code, field: err.field, errors: err.errors, params });
      const body = errorEnvelope(locale, translated);
      if (err.data) body.data = { ...((body.data as Record<string, unknown>) ?? {}), ...err.data };
      return c.json(body, err.status as 400);
    }
  };
}

const jobView = (c: Context<ApiEnv>, job: JobView) => ({
  ...job,
  error: job.error ? apiMessage(c.get('locale') ?? 'zh-cn', job.error) : '',
});

const png = (bytes: Uint8Array, headers: Record<string, string> = {}) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': 'image/png', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', ...headers },
  });

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

function review(action: ReviewAction) {
  return h(async (c) => {
    const { db, member } = await requireOperator(c, 'operator/seals/review');
    const body = c.get('body');
    const input = action === 'approve' ? parseInput(approveSchema, body) : parseInput(reasonSchema, body);
    const text = 'note' in input ? input.note : input.reason;
    const seal = await reviewSeal(db, member.id, input.id, action, text, c.get('ip'));
    const key = action === 'approve' ? 'sealing.approved' : action === 'reject' ? 'sealing.rejected' : 'sealing.revoked';
    return ok(c, { seal }, key);
  });
}

export const sealingRouter = new Hono<ApiEnv>()
  // Seals
  .post(
    '/seal/add',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const input = parseInput(sealAddSchema, c.get('body'));
      return ok(c, { seal: await addSeal(db, getStorage(), member, input) }, 'sealing.added');
    }),
  )
  .post(
    '/seal/generate',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const input = parseInput(sealGenerateSchema, c.get('body'));
      return ok(c, { seal: await generateSeal(db, getStorage(), member, input) }, 'sealing.generated');
    }),
  )
  .get(
    '/seal/list',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile');
      return ok(c, { list: await listSeals(db, sealOwnerOf(member)) });
    }),
  )
  .post(
    '/seal/delete',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const { id } = parseInput(idSchema, c.get('body'));
      await deleteSeal(db, sealOwnerOf(member), id);
      return ok(c, null, 'sealing.deleted');
    }),
  )
  .get(
    '/seal/image',
    h(async (c) => {
      const { db, session, member } = await requireMember(c);
      const operator = await hasExplicitRule(db, session, 'operator/seals');
      if (!operator) await requireRule(c, 'file/sealfile');
      const { id } = parseInput(idSchema, c.get('query'));
      const seal = await findSeal(db, id);
      if (!seal || (!operator && seal.user_id !== sealOwnerOf(member))) throw notFound();
      const bytes = await sealImage(db, getStorage(), seal);
      if (!bytes) throw notFound();
      return png(bytes);
    }),
  )
  // Documents and jobs
  .post(
    '/seal/file/inspect',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/seal');
      const { file_id } = parseInput(inspectSchema, c.get('body'));
      return ok(c, await inspectPdf(db, getStorage(), member.id, file_id));
    }),
  )
  .get(
    '/seal/file/preview',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/seal');
      const q = parseInput(previewSchema, c.get('query'));
      const { png: bytes, etag } = await previewPage(db, getStorage(), member.id, q);
      const headers = { 'cache-control': 'private, max-age=3600', etag };
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
      return png(bytes, headers);
    }),
  )
  .post(
    '/seal/file/seal',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/seal');
      const input = parseInput(sealFileSchema, c.get('body'));
      return ok(c, { job: jobView(c, await createSealJob(db, getStorage(), member, input)) });
    }),
  )
  .get(
    '/seal/job',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/seal');
      const { id } = parseInput(idSchema, c.get('query'));
      return ok(c, { job: jobView(c, await pollJob(db, getStorage(), member.id, id)) });
    }),
  )
  .get(
    '/seal/file/list',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile');
      const q = parseInput(fileListSchema, c.get('query'));
      const { site } = await getSiteConfig(db);
      return ok(c, await listSealedFiles(db, member.id, q, site.timezone));
    }),
  )
  .get(
    '/seal/file/detail',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile');
      const { id } = parseInput(idSchema, c.get('query'));
      return ok(c, { file: detailOf(await getSealedFile(db, member.id, id)) });
    }),
  )
  .get(
    '/seal/file/download',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile');
      const { id } = parseInput(idSchema, c.get('query'));
      const f = await getSealedFile(db, member.id, id);
      const { bytes, name } = await sealedFileBytes(db, getStorage(), f);
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition('attachment', name),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          'x-seal-sha256': f.sha256,
        },
      });
    }),
  )
  .post(
    '/seal/file/void',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/void');
      const { id, reason } = parseInput(voidSchema, c.get('body'));
      return ok(c, { file: detailOf(await voidSealedFile(db, member.id, id, reason, c.get('ip'))) }, 'sealing.voided');
    }),
  )
  // Public verification: no login, no member names; every check is counted per IP (files.ts).
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
  )
  // Operator review
  .get(
    '/operator/seal/list',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      return ok(c, await operatorListSeals(db, parseInput(operatorListSchema, c.get('query'))));
    }),
  )
  .get(
    '/operator/seal/detail',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      const { id } = parseInput(idSchema, c.get('query'));
      return ok(c, { seal: await operatorSealDetail(db, id) });
    }),
  )
  .get(
    '/operator/seal/image',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      const { id } = parseInput(idSchema, c.get('query'));
      const seal = await findSeal(db, id);
      const bytes = seal ? await sealImage(db, getStorage(), seal) : null;
      if (!bytes) throw notFound();
      return png(bytes);
    }),
  )
  .post('/operator/seal/approve', review('approve'))
  .post('/operator/seal/reject', review('reject'))
  .post('/operator/seal/revoke', review('revoke'));
