/**
 * The endorsement row and its items, the context every entry point takes, and the small helpers the
 * lifecycle modules share: today's date, the visible-endorsement lookup, the wrong-state error and
 * the timeline event.
 */
import type { SQL } from 'bun';
import { zonedParts } from '~/lib/format';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import { notFound } from './errors';
import type { RosterPort } from './policy';
import type { ItemKind } from './premium';
import type { EndorseStatus } from './states';

type Row = Record<string, unknown>;

/** An endorsement row. */
export interface Endorsement {
  id: number;
  applyNo: string;
  endorseNo: string | null;
  userId: number;
  orderId: number;
  policyNo: string;
  status: EndorseStatus;
  effectiveDate: string;
  remark: string;
  premiumDelta: number;
  charged: number;
  refunded: number;
  counts: { add: number; remove: number; replace: number; correct: number };
  hasIdFix: boolean;
  reason: string;
  note: string;
  noticePath: string;
  decideAfter: number | null;
  submittedAt: number | null;
  decidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** An endorsement row as the domain sees it. */
export function toEndorsement(r: Row): Endorsement {
  return {
    id: num(r.id),
    applyNo: String(r.apply_no),
    endorseNo: r.endorse_no == null ? null : String(r.endorse_no),
    userId: num(r.user_id),
    orderId: num(r.order_id),
    policyNo: String(r.policy_no ?? ''),
    status: String(r.status) as EndorseStatus,
    effectiveDate: String(r.effective_date),
    remark: String(r.remark ?? ''),
    premiumDelta: num(r.premium_delta),
    charged: num(r.charged),
    refunded: num(r.refunded),
    counts: { add: num(r.add_count), remove: num(r.remove_count), replace: num(r.replace_count), correct: num(r.correct_count) },
    hasIdFix: num(r.has_id_fix) === 1,
    reason: String(r.reason ?? ''),
    note: String(r.note ?? ''),
    noticePath: String(r.notice_path ?? ''),
    decideAfter: r.decide_after == null ? null : num(r.decide_after),
    submittedAt: r.submitted_at == null ? null : num(r.submitted_at),
    decidedAt: r.decided_at == null ? null : num(r.decided_at),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** A person as an item stores it (before / after). */
export interface PersonFacts {
  name: string;
  id_no: string;
  occupation_class: number;
  gender?: number;
  birthday?: string;
}

/** One item of an endorsement, priced on its effective date. */
export interface EndorseItem {
  id: number;
  kind: ItemKind;
  insuredId: number | null;
  before: PersonFacts | null;
  after: PersonFacts | null;
  days: number;
  premium: number;
}

/** An item row as the domain sees it (before / after parsed; `null` for none). */
export function toItem(r: Row): EndorseItem {
  const parse = (s: unknown) => {
    const o = JSON.parse(String(s || '{}'));
    return o && Object.keys(o).length ? (o as PersonFacts) : null;
  };
  return {
    id: num(r.id),
    kind: String(r.kind) as ItemKind,
    insuredId: r.insured_id == null ? null : num(r.insured_id),
    before: parse(r.before_json),
    after: parse(r.after_json),
    days: num(r.days),
    premium: num(r.premium),
  };
}

/** Options every entry point takes: the roster port and, for tests and demo data, today's date. */
export interface EndorseContext {
  port: RosterPort;
  /** `YYYY-MM-DD` in the site time zone; default: now. */
  today?: string;
  /** Who acts (audit and timeline); default the member. */
  ip?: string;
}

/** Today in the site's time zone. */
export async function siteToday(db: Db): Promise<string> {
  const { site } = await getSiteConfig(db);
  const p = zonedParts(Date.now(), site.timezone);
  return `${p.YYYY}-${p.MM}-${p.DD}`;
}

/** The context's date, else today in the site's time zone. */
export const today = async (db: Db, ctx: EndorseContext) => ctx.today ?? (await siteToday(db));

/** 409 naming the endorsement's current status. */
export const wrongState = (status: string) =>
  new DomainError(`endorse.wrongState.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } });

/** The member's (or a team member's) endorsement, else 404. */
export async function findVisibleEndorsement(db: Db | SQL, userId: number, id: number, dbForTeam: Db): Promise<Endorsement> {
  const sql = 'sql' in db ? db.sql : db;
  const ids = await visibleUserIds(dbForTeam, userId);
  const [row] = await sql`SELECT * FROM endorsement WHERE id = ${id} AND user_id IN ${sql(ids)}`;
  if (!row) throw notFound();
  return toEndorsement(row);
}

/** A timeline entry of a status change. */
export async function event(tx: SQL, endorsementId: number, from: string, to: string, actorId: number | null, note = ''): Promise<void> {
  await tx`INSERT INTO endorsement_event ${tx({
    endorsement_id: endorsementId,
    from_status: from,
    to_status: to,
    actor_id: actorId,
    note,
    created_at: nowSeconds(),
  })}`;
}

/** An endorsement's items, in the order they were added. */
export async function loadItems(sql: SQL, endorsementId: number): Promise<EndorseItem[]> {
  const rows = await sql`SELECT * FROM endorsement_item WHERE endorsement_id = ${endorsementId} ORDER BY id`;
  return rows.map(toItem);
}
