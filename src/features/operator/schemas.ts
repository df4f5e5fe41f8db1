/**
 * Inputs of the operator console (issue #14), one valibot schema each; every message is an i18n
 * key (`operator.*`, `validate.*`). Isomorphic: the pages' forms and the API use the same ones.
 */
import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';

const date = optionalDayField();

const intIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.pipe(v.string(message), v.regex(/^-?\d{1,15}$/, message)), v.number(message)], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const id = (message = 'operator.idInvalid') => intIn(1, 2_147_483_647, message);
const optionalId = (message: string) => v.optional(v.union([v.literal(''), id(message)], message), '');

export { PAGE_SIZES };
const page = pageField;
const limit = (d: number) => limitField(d);
const range = <T extends { start: string; end: string }>(q: T) => !q.start || !q.end || q.start <= q.end;

const flagValue = (message: string) =>
  v.pipe(
    v.union([v.boolean(), v.literal(0), v.literal(1), v.picklist(['0', '1', 'true', 'false', 'on', 'off'])], message),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true' || x === 'on'),
  );

/** GET operator/member/list */
export const memberListSchema = v.pipe(
  v.object({
    keyword: v.optional(v.pipe(v.string('operator.keywordInvalid'), v.trim(), v.maxLength(100, 'operator.keywordInvalid')), ''),
    group_id: optionalId('operator.groupInvalid'),
    status: v.optional(v.picklist(['', 'enable', 'disable'], 'operator.statusInvalid'), ''),
    start: date,
    end: date,
    page,
    limit: limit(20),
  }),
  v.forward(v.check(range, 'operator.rangeInvalid'), ['end']),
);
export type MemberListQuery = v.InferOutput<typeof memberListSchema>;

/** GET operator/member/detail, POST operator/member/revokeSessions */
export const idSchema = v.object({ id: id() });

const reason = (min: number) =>
  v.pipe(
    v.string('operator.reasonInvalid'),
    v.trim(),
    v.minLength(min, 'operator.reasonInvalid'),
    v.maxLength(200, 'operator.reasonInvalid'),
  );

/** POST operator/member/status */
export const memberStatusSchema = v.object({
  id: id(),
  status: v.picklist(['enable', 'disable'], 'operator.statusInvalid'),
  reason: v.optional(v.union([v.literal(''), reason(2)], 'operator.reasonInvalid'), ''),
});

/** POST operator/member/group */
export const memberGroupSchema = v.object({ id: id(), group_id: id('operator.groupInvalid') });

/** Largest single adjustment: 100 000.00 yuan (in fen) or 100 000 points. */
export const ADJUST_MAX = 10_000_000;

/**
 * An adjustment amount: signed yuan with at most two decimals for money, a signed integer for
 * points; never 0, |x| ≤ 100000.00. Returns integer fen / points, or null.
 */
export function parseAdjustAmount(kind: 'money' | 'score', raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const m = kind === 'money' ? /^([+-]?)(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text) : /^([+-]?)(\d{1,6})$/.exec(text);
  if (!m) return null;
  const units = kind === 'money' ? Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0) : Number(m[2]);
  const max = kind === 'money' ? ADJUST_MAX : ADJUST_MAX / 100;
  if (units === 0 || units > max) return null;
  return m[1] === '-' ? -units : units;
}

/** POST operator/member/adjust */
export const adjustSchema = v.pipe(
  v.object({
    request_id: v.pipe(v.string('operator.requestIdInvalid'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'operator.requestIdInvalid')),
    id: id(),
    kind: v.picklist(['money', 'score'], 'operator.adjustKindInvalid'),
    amount: v.union([v.string('operator.amountInvalid'), v.number('operator.amountInvalid')], 'operator.amountInvalid'),
    reason: reason(2),
  }),
  v.forward(
    v.check((a) => parseAdjustAmount(a.kind, a.amount) !== null, 'operator.amountInvalid'),
    ['amount'],
  ),
  v.transform((a) => ({ ...a, units: parseAdjustAmount(a.kind, a.amount) as number })),
);
export type AdjustInput = v.InferOutput<typeof adjustSchema>;

const name30 = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    v.check((s) => [...s].length <= 30, message),
  );

const idList = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.array(v.union([v.string(message), v.number(message)], message)), v.string(message)], message),
      v.transform((x) => (Array.isArray(x) ? x : x.split(',').filter((s) => s.trim() !== ''))),
      v.check((xs) => xs.length <= 2000, message),
      v.transform((xs) => xs.map((s) => Number(s))),
      v.check((xs) => xs.every((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647), message),
    ),
    [],
  );

const statusFlag = v.optional(
  v.pipe(
    v.union([v.literal(0), v.literal(1), v.picklist(['0', '1', 'enable', 'disable'])], 'operator.statusInvalid'),
    v.transform((s) => (s === 1 || s === '1' || s === 'enable' ? 1 : 0)),
  ),
  1,
);

/** POST operator/group/save */
export const groupSaveSchema = v.object({
  id: optionalId('operator.idInvalid'),
  name: name30('operator.group.nameInvalid'),
  status: statusFlag,
  all: v.optional(flagValue('operator.group.allInvalid'), false),
  rules: idList('operator.group.rulesInvalid'),
});
export type GroupSaveInput = v.InferOutput<typeof groupSaveSchema>;

export const RULE_TYPES = ['menu_dir', 'menu', 'route', 'button', 'nav', 'nav_user_menu'] as const;
export const MENU_TYPES = ['tab', 'link', 'iframe'] as const;
export const EXTENDS = ['none', 'add_rules_only', 'add_menu_only'] as const;
export const RULE_NAME = /^[a-zA-Z][a-zA-Z0-9_]*(\/[a-zA-Z0-9_]+)*$/;

/** POST operator/rule/save (placement and what the app serves are checked by the service). */
export const ruleSaveSchema = v.object({
  id: optionalId('operator.idInvalid'),
  pid: v.optional(v.union([v.literal(0), v.literal('0'), v.literal(''), id('operator.rule.pidInvalid')], 'operator.rule.pidInvalid'), 0),
  type: v.picklist(RULE_TYPES, 'operator.rule.typeInvalid'),
  name: v.pipe(
    v.string('operator.rule.nameInvalid'),
    v.trim(),
    v.maxLength(100, 'operator.rule.nameInvalid'),
    v.regex(RULE_NAME, 'operator.rule.nameInvalid'),
  ),
  title: name30('operator.rule.titleInvalid'),
  title_en: name30('operator.rule.titleEnInvalid'),
  path: v.optional(v.pipe(v.string('operator.rule.pathInvalid'), v.trim(), v.maxLength(200, 'operator.rule.pathInvalid')), ''),
  icon: v.optional(v.pipe(v.string('operator.rule.iconInvalid'), v.trim(), v.maxLength(60, 'operator.rule.iconInvalid')), ''),
  menu_type: v.optional(v.picklist(MENU_TYPES, 'operator.rule.menuTypeInvalid'), 'tab'),
  url: v.optional(v.pipe(v.string('operator.rule.urlInvalid'), v.trim(), v.maxLength(500, 'operator.rule.urlInvalid')), ''),
  extend: v.optional(v.picklist(EXTENDS, 'operator.rule.extendInvalid'), 'none'),
  no_login_valid: v.optional(flagValue('operator.rule.flagInvalid'), false),
  status: statusFlag,
  grant_groups: idList('operator.rule.groupsInvalid'),
});
export type RuleSaveInput = v.InferOutput<typeof ruleSaveSchema>;

/** POST operator/rule/sort */
export const ruleSortSchema = v.object({
  pid: v.optional(v.union([v.literal(0), v.literal('0'), v.literal(''), id('operator.rule.pidInvalid')], 'operator.rule.pidInvalid'), 0),
  ids: idList('operator.rule.sortInvalid'),
});

/** GET operator/audit/list and audit/export */
export const auditQuerySchema = v.pipe(
  v.object({
    actor: v.optional(v.pipe(v.string('operator.audit.actorInvalid'), v.trim(), v.maxLength(60, 'operator.audit.actorInvalid')), ''),
    action: v.optional(
      v.pipe(v.string('operator.audit.actionInvalid'), v.trim(), v.regex(/^[a-z0-9_.*]{0,60}$/, 'operator.audit.actionInvalid')),
      '',
    ),
    target_type: v.optional(
      v.pipe(v.string('operator.audit.targetInvalid'), v.regex(/^[a-z_]{0,30}$/, 'operator.audit.targetInvalid')),
      '',
    ),
    target_id: v.optional(
      v.pipe(v.string('operator.audit.targetInvalid'), v.regex(/^[A-Za-z0-9_.-]{0,60}$/, 'operator.audit.targetInvalid')),
      '',
    ),
    start: date,
    end: date,
    page,
    limit: limit(20),
  }),
  v.forward(v.check(range, 'operator.rangeInvalid'), ['end']),
);
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

/** POST operator/settings (the values are checked against the settings schema module). */
export const settingsSaveSchema = v.object({
  version: intIn(0, Number.MAX_SAFE_INTEGER, 'operator.settings.versionInvalid'),
  changes: v.record(v.string(), v.unknown(), 'operator.settings.changesInvalid'),
});
