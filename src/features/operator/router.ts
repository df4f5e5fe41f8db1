/**
 * The operator console API (issue #14) under /userapi/v1/operator/…: members, groups, the rule
 * tree, site settings and the audit log. Reads need the page rule, writes the button rule, always
 * explicit grants (`requireOperator`: a group's '*' never grants them).
 *
 * Writes also take plain HTML form posts (urlencoded), so the console works without JavaScript:
 * a form post is answered 303 back to its `to` (or the Referer) with `done=` or `fail=` in the URL.
 */
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { errorEnvelope } from '~/features/_shared/envelope';
import { safeLocalPath } from '~/lib/safe-path';
import { isDomainError } from '~/server/errors';
import type { Db } from '~/server/db/client';
import type { ApiEnv } from '~/server/http/api-env';
import { requireOperator } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { exportAuditCsv, listAuditLog } from './audit-log';
import { type Actor, OperatorError } from './common';
import { deleteGroup, groupDetail, listGroups, saveGroup } from './groups';
import { adjustMember, listMembers, memberDetail, revokeMemberSessions, setMemberGroup, setMemberStatus } from './members';
import { deleteRule, saveRule, sortRules } from './rule-edits';
import { ruleTree } from './rules';
import {
  adjustSchema,
  auditQuerySchema,
  groupSaveSchema,
  idSchema,
  memberGroupSchema,
  memberListSchema,
  memberStatusSchema,
  ruleSaveSchema,
  ruleSortSchema,
  settingsSaveSchema,
} from './schemas';
import { SETTING_KEYS } from './settings-schema';
import { getSettings, saveSettings } from './settings';
import { viewAsRouter } from './view-as';

type C = Context<ApiEnv>;
type Body = Record<string, unknown>;

function isFormPost(c: C): boolean {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return c.req.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'));
}

/** Where a form post goes back to: its `to`, else the Referer's path, else the members page. */
function backTo(c: C, params: Record<string, string>): string {
  const body = c.get('body') as Body;
  let target = safeLocalPath(body.to);
  if (!target) {
    try {
      const ref = new URL(c.req.header('referer') ?? '');
      if (ref.origin === new URL(c.req.url).origin) target = ref.pathname + ref.search;
    } catch {
      /* no usable referer */
    }
  }
  const url = new URL(target ?? '/user/operator/members', 'http://local.invalid');
  url.searchParams.delete('done');
  url.searchParams.delete('fail');
  url.searchParams.delete('field');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.pathname + url.search + url.hash;
}

/**
 * Wraps a handler: JSON replies in the envelope (with OperatorError's extra data merged into
 * `data`), form posts as a 303 back with the message key.
 */
function handle(fn: (c: C) => Promise<{ data: unknown; message?: string }>) {
  return async (c: C) => {
    const form = isFormPost(c);
    try {
      const { data, message } = await fn(c);
      if (form) return c.redirect(backTo(c, { done: message ?? 'operator.saved' }), 303);
      return ok(c, data, message);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      if (form) {
        if (err.status === 401) return c.redirect('/user/login', 303);
        return c.redirect(backTo(c, err.field ? { fail: err.key, field: err.field } : { fail: err.key }), 303);
      }
      if (err instanceof OperatorError && Object.keys(err.extra).length) {
        const env = errorEnvelope(c.get('locale'), err);
        env.data = { ...((env.data as Body | null) ?? {}), ...err.extra };
        return c.json(env, err.status as 400);
      }
      throw err;
    }
  };
}

const actor = (c: C, userId: number): Actor => ({ userId, ip: c.get('ip') ?? '' });
const timeZone = async (c: C) => (await getSiteConfig(c.get('db'))).site.timezone;

/**
 * A form's `<prefix><id>` checkboxes as the id list `key` (JSON clients send `key` directly): a
 * group's `rule_<id>` as `rules`, a new rule's `grant_<id>` as `grant_groups`.
 */
const checkedIds =
  (prefix: string, key: string) =>
  (c: C): Body => {
    const body = { ...(c.get('body') as Body) };
    if (!isFormPost(c) || key in body) return body;
    const box = new RegExp(`^${prefix}\\d+$`);
    body[key] = Object.keys(body)
      .filter((k) => box.test(k))
      .map((k) => k.slice(prefix.length));
    return body;
  };
const groupBody = checkedIds('rule_', 'rules');
const ruleBody = checkedIds('grant_', 'grant_groups');

/** A form's flat setting fields as `changes` (JSON clients send `{version, changes}`). */
function settingsBody(c: C): Body {
  const body = c.get('body') as Body;
  if (!isFormPost(c) || 'changes' in body) return body;
  const changes: Body = {};
  for (const key of SETTING_KEYS) if (key in body) changes[key] = body[key];
  return { version: body.version, changes };
}

/** A read: the page rule it needs, then what it answers. */
function read(rule: string, load: (c: C, db: Db) => Promise<unknown>) {
  return handle(async (c) => {
    const { db } = await requireOperator(c, rule);
    return { data: await load(c, db) };
  });
}

/**
 * A write: the button rule it needs, its input (`schema` over the body, or over what `body` makes
 * of a form post), the change made by the acting operator, and the message it answers with.
 */
function write<S extends v.GenericSchema>(
  rule: string,
  schema: S,
  change: (db: Db, by: Actor, input: v.InferOutput<S>) => Promise<unknown>,
  message = 'operator.saved',
  body: (c: C) => unknown = (c) => c.get('body'),
) {
  return handle(async (c) => {
    const { db, session } = await requireOperator(c, rule);
    const input = parseInput(schema, body(c));
    return { data: await change(db, actor(c, session.userId), input), message };
  });
}

export const operatorRouter = new Hono<ApiEnv>()
  .route('/', viewAsRouter)
  .get(
    '/operator/member/list',
    read('operator/members', async (c, db) => listMembers(db, parseInput(memberListSchema, c.get('query')), await timeZone(c))),
  )
  .get(
    '/operator/member/detail',
    read('operator/memberDetail', (c, db) => memberDetail(db, parseInput(idSchema, c.get('query')).id, c.get('locale'))),
  )
  .post('/operator/member/status', write('operator/members/edit', memberStatusSchema, setMemberStatus))
  .post('/operator/member/group', write('operator/members/edit', memberGroupSchema, setMemberGroup))
  .post(
    '/operator/member/revokeSessions',
    write('operator/members/edit', idSchema, (db, by, { id }) => revokeMemberSessions(db, by, id), 'operator.sessionsRevoked'),
  )
  .post('/operator/member/adjust', write('operator/members/adjust', adjustSchema, adjustMember, 'operator.adjusted'))
  .get(
    '/operator/group/list',
    read('operator/groups', (_c, db) => listGroups(db)),
  )
  .get(
    '/operator/group/detail',
    read('operator/groups', (c, db) => groupDetail(db, parseInput(idSchema, c.get('query')).id)),
  )
  .post('/operator/group/save', write('operator/groups/edit', groupSaveSchema, saveGroup, 'operator.saved', groupBody))
  .post(
    '/operator/group/delete',
    write('operator/groups/edit', idSchema, (db, by, { id }) => deleteGroup(db, by, id), 'operator.deleted'),
  )
  .get(
    '/operator/rule/tree',
    read('operator/rules', async (_c, db) => ({ tree: await ruleTree(db) })),
  )
  .post('/operator/rule/save', write('operator/rules/edit', ruleSaveSchema, saveRule, 'operator.saved', ruleBody))
  .post(
    '/operator/rule/sort',
    write('operator/rules/edit', ruleSortSchema, (db, by, input) =>
      sortRules(db, by, { pid: input.pid === '' || input.pid === '0' ? 0 : Number(input.pid), ids: input.ids }),
    ),
  )
  .post(
    '/operator/rule/delete',
    write('operator/rules/edit', idSchema, (db, by, { id }) => deleteRule(db, by, id), 'operator.deleted'),
  )
  .get(
    '/operator/settings',
    read('operator/settings', (_c, db) => getSettings(db)),
  )
  .post('/operator/settings', write('operator/settings/edit', settingsSaveSchema, saveSettings, 'operator.saved', settingsBody))
  .get(
    '/operator/audit/list',
    read('operator/audit', async (c, db) => listAuditLog(db, parseInput(auditQuerySchema, c.get('query')), await timeZone(c))),
  )
  .get('/operator/audit/export', async (c) => {
    const { db } = await requireOperator(c, 'operator/audit');
    const q = parseInput(auditQuerySchema, c.get('query'));
    const csv = await exportAuditCsv(db, q, await timeZone(c));
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="audit.csv"');
    c.header('cache-control', 'private, no-store');
    return c.body(csv);
  });
