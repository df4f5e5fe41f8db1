import { type Context, Hono } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { rememberLocale } from '~/features/notifications';
import { contentDisposition } from '~/features/upload';
import { writeAudit } from '~/server/audit';
import type { ApiEnv } from '~/server/http/api-env';
import { visibleUserIds } from '~/server/members';
import { hasExplicitRule } from '~/server/permissions';
import { type MemberGate, requireMember, requireOperator, requireRule } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { errorEnvelope, ok } from '../_shared/envelope';
import { addDocument, deleteDocument, readClaimFile } from './documents';
import { exportRows, toCsv } from './export';
import { type Actor, MissingDocumentsError } from './model';
import { claimDetail, listClaims, listQueue } from './queries';
import { reportClaim } from './report';
import { claimablePolicies, insuredOn, requirements } from './report-lookups';
import {
  approveSchema,
  claimAddSchema,
  claimIdSchema,
  claimListSchema,
  documentAddSchema,
  documentDeleteSchema,
  insuredQuerySchema,
  markPaidSchema,
  policiesQuerySchema,
  rejectSchema,
  requestDocumentsSchema,
  requirementsQuerySchema,
  resubmitSchema,
  withdrawSchema,
} from './schemas';
import { approve, markPaid, reject, requestDocuments, resubmit, startReview, withdraw } from './transitions';
import * as v from 'valibot';

/** The page rule every member claim endpoint needs (the manager group lacks it: 403). */
export const CLAIM_RULE = 'claim/list';
export const OPERATOR_RULE = 'operator/claims';

const actorOf = (c: Context<ApiEnv>, gate: MemberGate, role: Actor['role']): Actor => ({
  userId: gate.member.id,
  name: gate.member.nickname || gate.member.username,
  role,
  ip: c.get('ip'),
});

async function timeZoneOf(c: Context<ApiEnv>): Promise<string> {
  return (await getSiteConfig(c.get('db'))).site.timezone;
}

/** 400 with `data.missing: [kinds]` (and the kinds' names in the message). */
async function answerMissing<T>(c: Context<ApiEnv>, fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof MissingDocumentsError)) throw err;
    const locale = c.get('locale');
    const kinds = err.missing.map((k) => apiMessage(locale, `claim.kinds.${k}`)).join(locale === 'en' ? ', ' : '、');
    const env = errorEnvelope(locale, err);
    return c.json({ ...env, message: apiMessage(locale, err.key, { kinds }), data: { field: 'documents', missing: err.missing } }, 400);
  }
}

const fileQuerySchema = v.object({ id: claimIdSchema.entries.id, document_id: documentDeleteSchema.entries.document_id });

function fileResponse(file: { mime: string; name: string }, bytes: Uint8Array): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition(file.mime.startsWith('image/') ? 'inline' : 'attachment', file.name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  });
}

/** Member side: `/userapi/v1/claim/…` (page rule `claim/list`; `…/add` and `…/export` buttons). */
const memberRoutes = new Hono<ApiEnv>()
  .get('/claim/list', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const q = parseInput(claimListSchema, c.get('query'));
    return ok(c, await listClaims(db, await visibleUserIds(db, session.userId), q, await timeZoneOf(c)));
  })
  .get('/claim/detail', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const { id } = parseInput(claimIdSchema, c.get('query'));
    return ok(c, await claimDetail(db, await visibleUserIds(db, session.userId), id, c.get('locale'), { role: 'member' }));
  })
  .get('/claim/policies', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const q = parseInput(policiesQuerySchema, c.get('query'));
    return ok(c, await claimablePolicies(db, session.userId, q.accident_date));
  })
  .get('/claim/insured', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const q = parseInput(insuredQuerySchema, c.get('query'));
    return ok(c, await insuredOn(db, session.userId, q));
  })
  .get('/claim/requirements', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const q = parseInput(requirementsQuerySchema, c.get('query'));
    return ok(c, await requirements(db, session.userId, q, c.get('locale')));
  })
  .get('/claim/file', async (c) => {
    const { db, session } = await requireRule(c, CLAIM_RULE);
    const q = parseInput(fileQuerySchema, c.get('query'));
    const { file, bytes } = await readClaimFile(db, await visibleUserIds(db, session.userId), q.id, q.document_id);
    return fileResponse(file, bytes);
  })
  .post('/claim/add', async (c) => {
    const gate = await requireRule(c, 'claim/list/add');
    const input = parseInput(claimAddSchema, c.get('body'));
    const { claim } = await reportClaim(gate.db, actorOf(c, gate, 'member'), input, await timeZoneOf(c));
    await rememberLocale(gate.db, gate.member.id, c.get('locale'));
    return ok(c, { claim: { id: claim.id, claim_no: claim.claimNo, status: claim.status } }, 'claim.reported');
  })
  .post('/claim/document', async (c) => {
    const gate = await requireRule(c, CLAIM_RULE);
    const input = parseInput(documentAddSchema, c.get('body'));
    const scope = await visibleUserIds(gate.db, gate.session.userId);
    return ok(c, await addDocument(gate.db, actorOf(c, gate, 'member'), scope, input), 'claim.documentAdded');
  })
  .post('/claim/documentDelete', async (c) => {
    const gate = await requireRule(c, CLAIM_RULE);
    const input = parseInput(documentDeleteSchema, c.get('body'));
    await deleteDocument(gate.db, actorOf(c, gate, 'member'), await visibleUserIds(gate.db, gate.session.userId), input);
    return ok(c, null, 'claim.documentDeleted');
  })
  .post('/claim/resubmit', async (c) => {
    const gate = await requireRule(c, CLAIM_RULE);
    const input = parseInput(resubmitSchema, c.get('body'));
    const scope = await visibleUserIds(gate.db, gate.session.userId);
    return answerMissing(c, async () => {
      const claim = await resubmit(gate.db, actorOf(c, gate, 'member'), scope, input);
      await rememberLocale(gate.db, gate.member.id, c.get('locale'));
      return ok(c, { claim: { id: claim.id, claim_no: claim.claimNo, status: claim.status } }, 'claim.resubmitted');
    });
  })
  .post('/claim/withdraw', async (c) => {
    const gate = await requireRule(c, CLAIM_RULE);
    const input = parseInput(withdrawSchema, c.get('body'));
    const claim = await withdraw(gate.db, actorOf(c, gate, 'member'), await visibleUserIds(gate.db, gate.session.userId), input);
    return ok(c, { claim: { id: claim.id, claim_no: claim.claimNo, status: claim.status } }, 'claim.withdrawn');
  })
  .get('/claim/export', async (c) => {
    await requireMember(c); // a guest hears 401 before any word about the query
    const q = parseInput(claimListSchema, c.get('query'));
    return claimCsv(c, await requireRule(c, 'claim/list/export'), q);
  })
  // `order/export?type=claim/list` (the shared export endpoint; the orders router passes it on):
  // the same rows as claim/export, as JSON, or as CSV with `format=csv`.
  .get('/order/export', async (c, next) => {
    const query = c.get('query');
    if (query.type !== 'claim/list') return next();
    const gate = await requireRule(c, 'claim/list/export');
    const q = parseInput(claimListSchema, { ...query, type: undefined, page: 1, limit: 100 });
    if (query.format === 'csv') return claimCsv(c, gate, q);
    await writeAudit(gate.db, { userId: gate.session.userId, action: 'export', detail: { page: 'claim/list' }, ip: c.get('ip') });
    const page = await listClaims(gate.db, await visibleUserIds(gate.db, gate.session.userId), q, await timeZoneOf(c));
    return ok(c, page, page.total ? undefined : 'exportEmpty');
  });

/** The claim list as CSV (UTF-8 BOM, formula-safe), audited. */
async function claimCsv(c: Context<ApiEnv>, { db, session }: MemberGate, q: v.InferOutput<typeof claimListSchema>) {
  const { header, rows } = await exportRows(db, await visibleUserIds(db, session.userId), q, await timeZoneOf(c), c.get('locale'));
  await writeAudit(db, { userId: session.userId, action: 'export', detail: { page: 'claim/list', rows: rows.length }, ip: c.get('ip') });
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return new Response(toCsv(header, rows), {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': contentDisposition('attachment', `claims-${day}.csv`),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

const claimOf = (claim: { id: number; claimNo: string; status: string }) => ({
  claim: { id: claim.id, claim_no: claim.claimNo, status: claim.status },
});

/** Operator side: `/userapi/v1/operator/claim/…` (explicit `operator/claims` rules; a group's '*' never grants them). */
const operatorRoutes = new Hono<ApiEnv>()
  .get('/operator/claim/list', async (c) => {
    const { db } = await requireOperator(c, OPERATOR_RULE);
    const q = parseInput(claimListSchema, c.get('query'));
    return ok(c, await listQueue(db, q, await timeZoneOf(c)));
  })
  .get('/operator/claim/detail', async (c) => {
    const { db, session } = await requireOperator(c, OPERATOR_RULE);
    const { id } = parseInput(claimIdSchema, c.get('query'));
    const viewer = {
      role: 'operator' as const,
      canReview: await hasExplicitRule(db, session, 'operator/claims/review'),
      canPay: await hasExplicitRule(db, session, 'operator/claims/pay'),
    };
    return ok(c, await claimDetail(db, null, id, c.get('locale'), viewer));
  })
  .get('/operator/claim/file', async (c) => {
    const { db } = await requireOperator(c, OPERATOR_RULE);
    const q = parseInput(fileQuerySchema, c.get('query'));
    const { file, bytes } = await readClaimFile(db, null, q.id, q.document_id);
    return fileResponse(file, bytes);
  })
  .post('/operator/claim/startReview', async (c) => {
    const gate = await requireOperator(c, 'operator/claims/review');
    const { id } = parseInput(claimIdSchema, c.get('body'));
    return ok(c, claimOf(await startReview(gate.db, actorOf(c, gate, 'operator'), id)), 'claim.reviewStarted');
  })
  .post('/operator/claim/requestDocuments', async (c) => {
    const gate = await requireOperator(c, 'operator/claims/review');
    const input = parseInput(requestDocumentsSchema, c.get('body'));
    return ok(c, claimOf(await requestDocuments(gate.db, actorOf(c, gate, 'operator'), input)), 'claim.documentsRequested');
  })
  .post('/operator/claim/approve', async (c) => {
    const gate = await requireOperator(c, 'operator/claims/review');
    const input = parseInput(approveSchema, c.get('body'));
    return answerMissing(c, async () => ok(c, claimOf(await approve(gate.db, actorOf(c, gate, 'operator'), input)), 'claim.approved'));
  })
  .post('/operator/claim/reject', async (c) => {
    const gate = await requireOperator(c, 'operator/claims/review');
    const input = parseInput(rejectSchema, c.get('body'));
    return ok(c, claimOf(await reject(gate.db, actorOf(c, gate, 'operator'), input)), 'claim.rejected');
  })
  .post('/operator/claim/markPaid', async (c) => {
    const gate = await requireOperator(c, 'operator/claims/pay');
    const input = parseInput(markPaidSchema, c.get('body'));
    return ok(c, claimOf(await markPaid(gate.db, actorOf(c, gate, 'operator'), input, await timeZoneOf(c))), 'claim.paid');
  });

/** Every claims route: the member's and the operator's. */
export const claimsRouter = new Hono<ApiEnv>().route('/', memberRoutes).route('/', operatorRoutes);
