/** Document and job routes (`/seal/file/*`, `/seal/job`): inspect and preview a PDF, seal it, and the sealed files. */
import { type Context, Hono } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { contentDisposition, getStorage } from '~/features/upload';
import type { ApiEnv } from '~/server/http/api-env';
import { requireRule } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { inspectPdf, previewPage } from './documents';
import { detailOf, getSealedFile, listSealedFiles, sealedFileBytes, voidSealedFile } from './files';
import { h, png } from './handler';
import type { JobView } from './job-row';
import { createSealJob, pollJob } from './jobs';
import { fileListSchema, idSchema, inspectSchema, previewSchema, sealFileSchema, voidSchema } from './schemas';

const jobView = (c: Context<ApiEnv>, job: JobView) => ({
  ...job,
  error: job.error ? apiMessage(c.get('locale') ?? 'zh-cn', job.error) : '',
});

/** `/seal/file/*` and `/seal/job`, each behind its `file/sealfile` rule. */
export const fileRoutes = new Hono<ApiEnv>()
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
  );
