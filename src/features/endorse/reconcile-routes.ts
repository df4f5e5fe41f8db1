/**
 * `/userapi/v1/endorse/reconcile` (the staff list, multipart, compared with the roster) and
 * `/endorse/reconcile/apply` (the ticked proposals → one draft). The first reads its own body (a
 * file under {@link MAX_LIST_BYTES}): the API pipeline leaves it unread (STREAMING_PATHS).
 */
import { type Context, Hono } from 'hono';
import { assertFileKind } from '~/features/upload';
import { fenToYuan } from '~/lib/money';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { readCapped } from '~/server/http/body';
import { API_BASE, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { apiMessage } from '../_shared/messages';
import { ok } from '../_shared/envelope';
import { dataErrorHandler, invalid } from './errors';
import { applyReconcile, MAX_LIST_BYTES, reconcilePreview } from './reconcile';
import { endorseContext } from './router';
import { reconcileApplySchema, reconcileSchema } from './schemas';

/** The reconciliation upload's path under the API base. */
export const RECONCILE_PATH = '/endorse/reconcile';
/** The full path the API pipeline must leave unread. */
export const RECONCILE_STREAM_PATH = `${API_BASE}${RECONCILE_PATH}`;

/** The multipart body's fields and its one file: 415 for another body, 413 beyond the cap, 400 without a file. */
async function readListUpload(c: Context<ApiEnv>): Promise<{ fields: Record<string, string>; bytes: Uint8Array; name: string }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
  const raw = await readCapped(c.req.raw, MAX_LIST_BYTES);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw invalid('file', 'endorse.reconcileFile');
  return { fields, bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

export const reconcileRouter = new Hono<ApiEnv>()
  .post(RECONCILE_PATH, async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const { fields, bytes, name } = await readListUpload(c);
    const { order_id } = parseInput(reconcileSchema, fields);
    assertFileKind(bytes, ['sheet'], 'file');
    const view = await reconcilePreview(db, session.userId, order_id, bytes, name, endorseContext(c));
    const locale = c.get('locale');
    return ok(c, {
      ...view,
      errors: view.errors.map(({ key, params, ...rest }) => ({ ...rest, message: apiMessage(locale, key, params) })),
    });
  })
  .post(`${RECONCILE_PATH}/apply`, async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(reconcileApplySchema, c.get('body'));
    const { endorsement: e, items } = await applyReconcile(db, session.userId, input, endorseContext(c));
    return ok(
      c,
      { endorsement: { id: e.id, apply_no: e.applyNo, status: e.status, premium_delta: fenToYuan(e.premiumDelta) }, items },
      'endorse.reconciled',
    );
  });

reconcileRouter.onError(dataErrorHandler);
