/**
 * A member's notice preferences: per group (kinds.ts), whether e-mail copies (default on) and SMS
 * copies (default off) go out. The bell always shows every notice; a mandatory kind's copies go
 * out whatever the preferences say, so the page shows those groups' mandatory notices as locked.
 */
import type { SQL } from 'bun';
import { type Db, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { isOperatorMember } from '~/server/permissions';
import { NOTICE_GROUPS, NOTICE_KINDS, type NoticeGroup, type NoticeKind, type NoticeKindName } from './kinds';
import type { NoticePreferenceInput } from './schemas';

export const DEFAULT_CHOICE = { email: true, sms: false } as const;

/** The member's choice for one group (the defaults without a saved row). */
export async function copyChoice(sql: SQL, userId: number, group: NoticeGroup): Promise<{ email: boolean; sms: boolean }> {
  const [row] = await sql`SELECT email, sms FROM notice_preference WHERE user_id = ${userId} AND notice_group = ${group}`;
  return row ? { email: Number(row.email) === 1, sms: Number(row.sms) === 1 } : { ...DEFAULT_CHOICE };
}

/** The mandatory kinds of a group (their copies always go out). */
export function mandatoryKinds(group: NoticeGroup): NoticeKindName[] {
  return (Object.keys(NOTICE_KINDS) as NoticeKindName[]).filter((k) => {
    const entry: { group: string; mandatory?: boolean } = NOTICE_KINDS[k];
    return entry.group === group && entry.mandatory === true;
  });
}

/** Whether every kind of the group is mandatory (nothing to switch off). */
function allMandatory(group: NoticeGroup): boolean {
  const kinds = (Object.values(NOTICE_KINDS) as NoticeKind[]).filter((k) => k.group === group);
  return kinds.length > 0 && kinds.every((k) => k.mandatory === true);
}

export interface GroupPreference {
  group: NoticeGroup;
  email: boolean;
  sms: boolean;
  /** Kinds of the group sent by e-mail/SMS whatever the choice says. */
  mandatory: NoticeKindName[];
}

/** The kinds sent only to members who asked for them (`optIn` in kinds.ts). */
export const OPT_IN_KINDS = (Object.keys(NOTICE_KINDS) as NoticeKindName[]).filter((k) => (NOTICE_KINDS[k] as NoticeKind).optIn === true);

/** Whether the member asked for an opt-in kind (no row: no). */
export async function optedIn(sql: SQL, userId: number, kind: NoticeKindName): Promise<boolean> {
  const [row] = await sql`SELECT enabled FROM notice_opt_in WHERE user_id = ${userId} AND kind = ${kind}`;
  return Number(row?.enabled ?? 0) === 1;
}

/** Ask for an opt-in kind, or stop it. */
export async function saveOptIn(db: Db, userId: number, input: { kind: NoticeKindName; on: boolean }): Promise<NoticePreferences> {
  const now = nowSeconds();
  const on = input.on ? 1 : 0;
  await db.sql`INSERT INTO notice_opt_in (user_id, kind, enabled, updated_at) VALUES (${userId}, ${input.kind}, ${on}, ${now})
    ON CONFLICT (user_id, kind) DO UPDATE SET enabled = ${on}, updated_at = ${now}`;
  return getPreferences(db, userId);
}

export interface NoticePreferences {
  groups: GroupPreference[];
  /** The opt-in kinds and whether the member asked for each. */
  opt_in: { kind: NoticeKindName; on: boolean }[];
  /** Which copy channels the member has bound (an address to send to). */
  bound: { email: boolean; mobile: boolean };
}

/** The groups a member sees: member groups; staff also see their work queues. */
async function groupsFor(db: Db, userId: number): Promise<NoticeGroup[]> {
  const staff = await isOperatorMember(db, userId);
  return NOTICE_GROUPS.filter((g) => staff || Object.values(NOTICE_KINDS).some((k) => k.group === g && k.audience === 'member'));
}

export async function getPreferences(db: Db, userId: number): Promise<NoticePreferences> {
  const [user] = await db.sql`SELECT email, mobile FROM "user" WHERE id = ${userId}`;
  const rows = await db.sql`SELECT notice_group, email, sms FROM notice_preference WHERE user_id = ${userId}`;
  const asked = await db.sql`SELECT kind FROM notice_opt_in WHERE user_id = ${userId} AND enabled = 1`;
  const askedFor = new Set(asked.map((r: Record<string, unknown>) => String(r.kind)));
  const saved = new Map<string, { email: boolean; sms: boolean }>(
    rows.map((r: Record<string, unknown>) => [String(r.notice_group), { email: Number(r.email) === 1, sms: Number(r.sms) === 1 }]),
  );
  return {
    groups: (await groupsFor(db, userId)).map((group) => ({
      group,
      ...(saved.get(group) ?? DEFAULT_CHOICE),
      mandatory: mandatoryKinds(group),
    })),
    opt_in: OPT_IN_KINDS.map((kind) => ({ kind, on: askedFor.has(kind) })),
    bound: { email: Boolean(user?.email), mobile: Boolean(user?.mobile) },
  };
}

const bad = (message: string, field: string) => new DomainError(message, { status: 400, code: Codes.VALIDATION, field });

/**
 * Save one group's choice (`email` and/or `sms`). 400 for a group the member does not have, for
 * switching off a group whose every notice is mandatory, and for switching on a channel that is
 * not bound (bind the address first).
 */
export async function savePreference(db: Db, userId: number, input: NoticePreferenceInput): Promise<NoticePreferences> {
  const groups = await groupsFor(db, userId);
  if (!groups.includes(input.group)) throw bad('notice.groupInvalid', 'group');
  if (allMandatory(input.group) && (input.email === false || input.sms === false)) throw bad('notice.mandatory', 'group');
  const [user] = await db.sql`SELECT email, mobile FROM "user" WHERE id = ${userId}`;
  if (input.email === true && !user?.email) throw bad('notice.unboundEmail', 'email');
  if (input.sms === true && !user?.mobile) throw bad('notice.unboundMobile', 'sms');
  const current = await copyChoice(db.sql, userId, input.group);
  const email = input.email ?? current.email;
  const sms = input.sms ?? current.sms;
  const now = nowSeconds();
  await db.sql`INSERT INTO notice_preference (user_id, notice_group, email, sms, updated_at)
    VALUES (${userId}, ${input.group}, ${email ? 1 : 0}, ${sms ? 1 : 0}, ${now})
    ON CONFLICT (user_id, notice_group) DO UPDATE SET email = ${email ? 1 : 0}, sms = ${sms ? 1 : 0}, updated_at = ${now}`;
  return getPreferences(db, userId);
}
