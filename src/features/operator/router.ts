/**
 * The operator console API (issue #14) under /userapi/v1/operator/…: members, groups, the rule
 * tree, site settings and the audit log. Reads need the page rule, writes the button rule, always
 * explicit grants (`requireOperator`: a group's '*' never grants them).
 *
 * Writes also take plain HTML form posts (urlencoded), so the console works without JavaScript:
 * a form post is answered 303 back to its `to` (or the Referer) with `done=` or `fail=` in the URL.
 */
import { type Context, Hono } from 'hono';
import { errorEnvelope } from '~/features/_shared/envelope';
import { safeLocalPath } from '~/lib/safe-path';
import { isDomainError } from '~/server/errors';
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

/** A form's `rule_<id>` checkboxes as the `rules` list (JSON clients send `rules` directly). */
function groupBody(c: C): Body {
  const body = { ...(c.get('body') as Body) };
  if (!isFormPost(c) || 'rules' in body) return body;
  body.rules = Object.keys(body)
    .filter((k) => /^rule_\d+$/.test(k))
    .map((k) => k.slice(5));
  return body;
}

/** A form's `grant_<id>` checkboxes as `grant_groups`. */
function ruleBody(c: C): Body {
  const body = { ...(c.get('body') as Body) };
  if (!isFormPost(c) || 'grant_groups' in body) return body;
  body.grant_groups = Object.keys(body)
    .filter((k) => /^grant_\d+$/.test(k))
    .map((k) => k.slice(6));
  return body;
}

/** A form's flat setting fields as `changes` (JSON clients send `{version, changes}`). */
function settingsBody(c: C): Body {
  const body = c.get('body') as Body;
  if (!isFormPost(c) || 'changes' in body) return body;
  const changes: Body = {};
  for (const key of SETTING_KEYS) if (key in body) changes[key] = body[key];
  return { version: body.version, changes };
}

export const operatorRouter = new Hono<ApiEnv>()
  .get(
    '/operator/member/list',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/members');
      const q = parseInput(memberListSchema, c.get('query'));
      return { data: await listMembers(db, q, await timeZone(c)) };
    }),
  )
  .get(
    '/operator/member/detail',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/memberDetail');
      const { id } = parseInput(idSchema, c.get('query'));
      return { data: await memberDetail(db, id, c.get('locale')) };
    }),
  )
  .post(
    '/operator/member/status',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/members/edit');
      const input = parseInput(memberStatusSchema, c.get('body'));
      return { data: await setMemberStatus(db, actor(c, session.userId), input), message: 'operator.saved' };
    }),
  )
  .post(
    '/operator/member/group',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/members/edit');
      const input = parseInput(memberGroupSchema, c.get('body'));
      return { data: await setMemberGroup(db, actor(c, session.userId), input), message: 'operator.saved' };
    }),
  )
  .post(
    '/operator/member/revokeSessions',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/members/edit');
      const { id } = parseInput(idSchema, c.get('body'));
      return { data: await revokeMemberSessions(db, actor(c, session.userId), id), message: 'operator.sessionsRevoked' };
    }),
  )
  .post(
    '/operator/member/adjust',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/members/adjust');
      const input = parseInput(adjustSchema, c.get('body'));
      return { data: await adjustMember(db, actor(c, session.userId), input), message: 'operator.adjusted' };
    }),
  )
  .get(
    '/operator/group/list',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/groups');
      return { data: await listGroups(db) };
    }),
  )
  .get(
    '/operator/group/detail',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/groups');
      const { id } = parseInput(idSchema, c.get('query'));
      return { data: await groupDetail(db, id) };
    }),
  )
  .post(
    '/operator/group/save',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/groups/edit');
      const input = parseInput(groupSaveSchema, groupBody(c));
      return { data: await saveGroup(db, actor(c, session.userId), input), message: 'operator.saved' };
    }),
  )
  .post(
    '/operator/group/delete',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/groups/edit');
      const { id } = parseInput(idSchema, c.get('body'));
      return { data: await deleteGroup(db, actor(c, session.userId), id), message: 'operator.deleted' };
    }),
  )
  .get(
    '/operator/rule/tree',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/rules');
      return { data: { tree: await ruleTree(db) } };
    }),
  )
  .post(
    '/operator/rule/save',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/rules/edit');
      const input = parseInput(ruleSaveSchema, ruleBody(c));
      return { data: await saveRule(db, actor(c, session.userId), input), message: 'operator.saved' };
    }),
  )
  .post(
    '/operator/rule/sort',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/rules/edit');
      const input = parseInput(ruleSortSchema, c.get('body'));
      const pid = input.pid === '' || input.pid === '0' ? 0 : Number(input.pid);
      return { data: await sortRules(db, actor(c, session.userId), { pid, ids: input.ids }), message: 'operator.saved' };
    }),
  )
  .post(
    '/operator/rule/delete',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/rules/edit');
      const { id } = parseInput(idSchema, c.get('body'));
      return { data: await deleteRule(db, actor(c, session.userId), id), message: 'operator.deleted' };
    }),
  )
  .get(
    '/operator/settings',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/settings');
      return { data: await getSettings(db) };
    }),
  )
  .post(
    '/operator/settings',
    handle(async (c) => {
      const { db, session } = await requireOperator(c, 'operator/settings/edit');
      const input = parseInput(settingsSaveSchema, settingsBody(c));
      return { data: await saveSettings(db, actor(c, session.userId), input), message: 'operator.saved' };
    }),
  )
  .get(
    '/operator/audit/list',
    handle(async (c) => {
      const { db } = await requireOperator(c, 'operator/audit');
      const q = parseInput(auditQuerySchema, c.get('query'));
      return { data: await listAuditLog(db, q, await timeZone(c)) };
    }),
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
