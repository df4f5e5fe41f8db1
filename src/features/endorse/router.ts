import { type Context, Hono } from 'hono';
import { assertFileKind, contentDisposition, findOwnFile, getStorage, readFileBytes } from '~/features/upload';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import type { ApiEnv } from '~/server/http/api-env';
import { requireOperator, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { dataErrorHandler, invalid, notFound } from './errors';
import { importRows } from './import';
import { renderNotice } from './notice';
import { ordersPort } from './roster';
import {
  approveSchema,
  cancelSchema,
  createSchema,
  documentSchema,
  endorseListSchema,
  idSchema,
  importSchema,
  itemDeleteSchema,
  itemSchema,
  operatorListSchema,
  rejectSchema,
  rosterSchema,
  submitSchema,
  updateSchema,
  withdrawSchema,
} from './schemas';
import { approveEndorsement } from './approval';
import { addDocument } from './documents';
import { createEndorsement, updateEndorsement } from './drafts';
import { addItem, deleteItem } from './items';
import { type EndorseContext, type Endorsement, findVisibleEndorsement, siteToday } from './model';
import { endorsementDetail, listEndorsements, listForOperator } from './queries';
import { runDueSandbox } from './sandbox';
import { planView } from './plan';
import { previewEndorsement } from './preview';
import { submitEndorsement } from './submit';
import { cancelEndorsement, rejectEndorsement, withdrawEndorsement } from './transitions';
import { eligiblePolicyList, rosterPage } from './views';

/** The context of an endorsement call outside a request (pages, the sandbox sweep): the orders roster and the notice renderer. */
export function baseEndorseContext(ip?: string): EndorseContext & { renderNotice: (db: Db, id: number) => Promise<void> } {
  return {
    port: ordersPort,
    ip,
    renderNotice: async (db, id) => {
      await renderNotice(db, ordersPort, id);
    },
  };
}

/** The context every endorsement call gets from a request: {@link baseEndorseContext} with the client's address. */
export const endorseContext = (c: Context<ApiEnv>) => baseEndorseContext(c.get('ip'));

const view = (e: Endorsement) => ({ id: e.id, apply_no: e.applyNo, status: e.status, premium_delta: fenToYuan(e.premiumDelta) });

const pdf = (c: Context<ApiEnv>, bytes: Uint8Array, name: string) =>
  c.body(bytes as unknown as ArrayBuffer, 200, {
    'content-type': 'application/pdf',
    'content-disposition': contentDisposition('inline', name),
    'cache-control': 'private, no-store',
  });

/** The notice's bytes: stored once approved, rendered again if the stored object is missing. */
export async function noticePdf(db: Db, ctx: ReturnType<typeof endorseContext>, e: Endorsement): Promise<Uint8Array> {
  if (e.status !== 'approved') throw notFound();
  const storage = getStorage();
  let path = e.noticePath;
  let obj = path ? await storage.get(path) : null;
  if (!obj) {
    path = await renderNotice(db, ctx.port, e.id);
    obj = await storage.get(path);
  }
  if (!obj) throw notFound();
  return new Uint8Array(await obj.body.arrayBuffer());
}

/** `/userapi/v1/endorse/*` (member) and `/userapi/v1/operator/endorse/*` (operators). */
export const endorseRouter = new Hono<ApiEnv>()
  .get('/endorse/list', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse');
    const q = parseInput(endorseListSchema, c.get('query'));
    await runDueSandbox(db, endorseContext(c));
    return ok(c, await listEndorsements(db, session.userId, q, await siteToday(db)));
  })
  .get('/endorse/policies', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse');
    return ok(c, await eligiblePolicyList(db, ordersPort, session.userId));
  })
  .get('/endorse/roster', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse');
    const q = parseInput(rosterSchema, c.get('query'));
    return ok(c, await rosterPage(db, ordersPort, session.userId, q, await siteToday(db)));
  })
  .get('/endorse/detail', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorseDetail');
    const { id } = parseInput(idSchema, c.get('query'));
    const ctx = endorseContext(c);
    await runDueSandbox(db, ctx);
    const e = await findVisibleEndorsement(db, session.userId, id, db);
    return ok(c, await endorsementDetail(db, e, await ordersPort.loadPolicy(db.sql, e.orderId), await siteToday(db)));
  })
  .get('/endorse/notice', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorseDetail');
    const { id } = parseInput(idSchema, c.get('query'));
    const e = await findVisibleEndorsement(db, session.userId, id, db);
    return pdf(c, await noticePdf(db, endorseContext(c), e), `endorse-${e.endorseNo ?? e.applyNo}.pdf`);
  })
  .post('/endorse/create', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(createSchema, c.get('body'));
    const e = await createEndorsement(db, session.userId, input, endorseContext(c));
    return ok(c, { endorsement: view(e) }, 'endorse.created');
  })
  .post('/endorse/update', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(updateSchema, c.get('body'));
    return ok(c, { endorsement: view(await updateEndorsement(db, session.userId, input, endorseContext(c))) }, 'endorse.saved');
  })
  .post('/endorse/item', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(itemSchema, c.get('body'));
    const { endorsement, item } = await addItem(db, session.userId, input, endorseContext(c));
    return ok(
      c,
      { endorsement: view(endorsement), item: { id: item.id, kind: item.kind, days: item.days, premium: fenToYuan(item.premium) } },
      'endorse.saved',
    );
  })
  .post('/endorse/itemDelete', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(itemDeleteSchema, c.get('body'));
    return ok(c, { endorsement: view(await deleteItem(db, session.userId, input.id, input.item_id, endorseContext(c))) }, 'endorse.saved');
  })
  .post('/endorse/import', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(importSchema, c.get('body'));
    const file = await findOwnFile(db, session.userId, input.file_id);
    if (!file) throw invalid('file_id', 'endorse.fileInvalid');
    const bytes = await readFileBytes(getStorage(), file);
    if (!bytes) throw invalid('file_id', 'endorse.fileInvalid');
    assertFileKind(bytes, ['sheet']);
    const result = await importRows(db, session.userId, input.id, bytes, endorseContext(c), file.name);
    return ok(c, { endorsement: view(result.endorsement), added: result.added }, 'endorse.saved');
  })
  .post('/endorse/document', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(documentSchema, c.get('body'));
    const file = await findOwnFile(db, session.userId, input.file_id);
    if (!file) throw invalid('file_id', 'endorse.fileInvalid');
    return ok(c, { document: await addDocument(db, session.userId, input, file, endorseContext(c)) }, 'endorse.saved');
  })
  .post('/endorse/preview', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const { id } = parseInput(idSchema, c.get('body'));
    return ok(c, { plan: planView(await previewEndorsement(db, session.userId, id, endorseContext(c))) }, 'endorse.previewed');
  })
  .post('/endorse/submit', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const { id, acknowledged } = parseInput(submitSchema, c.get('body'));
    const r = await submitEndorsement(db, session.userId, id, endorseContext(c), acknowledged);
    return ok(c, { endorsement: view(r.endorsement), balance: fenToYuan(r.balance) }, 'endorse.submitted');
  })
  .post('/endorse/cancel', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(cancelSchema, c.get('body'));
    return ok(
      c,
      { endorsement: view(await cancelEndorsement(db, session.userId, input.id, input.reason, endorseContext(c))) },
      'endorse.cancelled',
    );
  })
  .post('/endorse/withdraw', async (c) => {
    const { db, session } = await requireRule(c, 'order/endorse/add');
    const input = parseInput(withdrawSchema, c.get('body'));
    const e = await withdrawEndorsement(db, session.userId, input.id, input.reason, endorseContext(c));
    const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${e.userId}`;
    return ok(c, { endorsement: view(e), refunded: fenToYuan(e.refunded), balance: fenToYuan(num(u?.money)) }, 'endorse.withdrawn');
  })
  .get('/operator/endorse/list', async (c) => {
    const { db } = await requireOperator(c, 'operator/endorsements');
    const q = parseInput(operatorListSchema, c.get('query'));
    await runDueSandbox(db, endorseContext(c));
    return ok(c, await listForOperator(db, q, await siteToday(db)));
  })
  .get('/operator/endorse/detail', async (c) => {
    const { db } = await requireOperator(c, 'operator/endorsements');
    const { id } = parseInput(idSchema, c.get('query'));
    const [row] = await db.sql`SELECT user_id FROM endorsement WHERE id = ${id}`;
    if (!row) throw notFound();
    const e = await findVisibleEndorsement(db, Number(row.user_id), id, db);
    const actions = e.status === 'submitted' ? ['approve', 'reject'] : [];
    return ok(c, await endorsementDetail(db, e, await ordersPort.loadPolicy(db.sql, e.orderId), await siteToday(db), actions));
  })
  .post('/operator/endorse/approve', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/endorsements/decide');
    const input = parseInput(approveSchema, c.get('body'));
    const [row] = await db.sql`SELECT id FROM endorsement WHERE id = ${input.id}`;
    if (!row) throw notFound();
    return ok(
      c,
      { endorsement: view(await approveEndorsement(db, session.userId, input.id, input.note, endorseContext(c))) },
      'endorse.approved',
    );
  })
  .post('/operator/endorse/reject', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/endorsements/decide');
    const input = parseInput(rejectSchema, c.get('body'));
    const [row] = await db.sql`SELECT id FROM endorsement WHERE id = ${input.id}`;
    if (!row) throw notFound();
    return ok(
      c,
      { endorsement: view(await rejectEndorsement(db, session.userId, input.id, input.reason, endorseContext(c))) },
      'endorse.rejected',
    );
  });

endorseRouter.onError(dataErrorHandler);
