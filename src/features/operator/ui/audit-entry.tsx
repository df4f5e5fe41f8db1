/**
 * One audit entry as a person reads it: a sentence per event kind ("运营专员 disabled member
 * manager") with the actor and the target marked as data, the changed fields in a before/after
 * table, the reason given, and the entry's other details by name. The event key stays in the
 * `data-action` attribute (and in the filter), not in the text.
 */
import { Fragment, type ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import { interpolate } from '~/lib/interpolate';
import type { AuditItem, AuditNames } from '../audit-log';
import { settingDef } from '../settings-schema';
import type { OperatorText } from '../texts';

type Log = OperatorText['log'];
export type AuditKind = keyof Log['kinds'];

/** The sentence template of an entry (an adjustment by its ledger; an unknown action: `other`). */
export function kindOf(a: Pick<AuditItem, 'action' | 'detail'>, log: Log): AuditKind {
  if (a.action === 'operator.member.adjust')
    return a.detail.kind === 'score' ? 'operator.member.adjust.score' : 'operator.member.adjust.money';
  return (Object.hasOwn(log.kinds, a.action) ? a.action : 'other') as AuditKind;
}

const record = (x: unknown): Record<string, unknown> | null =>
  x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : null;

/** Who acted: a member's name (data), else "the system" / "an unknown account" (words). */
export function actorOf(a: AuditItem, names: AuditNames, log: Log): { text: string; data: boolean } {
  if (a.actor) return { text: names.members.get(a.actor.id)?.name || a.actor.username || `#${a.actor.id}`, data: true };
  return { text: a.action.startsWith('auth.') ? log.unknown : log.system, data: false };
}

/** What it was done to, as data: a member's username, a group's name, a rule's title. */
export function targetOf(a: AuditItem, names: AuditNames, locale: Locale): string {
  const snap = record(a.detail.after) ?? record(a.detail.before);
  if (a.target_type === 'member') return names.members.get(Number(a.target_id))?.username ?? `#${a.target_id}`;
  if (a.target_type === 'group' && snap?.name) return String(snap.name);
  if (a.target_type === 'rule' && snap) {
    const title = locale === 'en' ? snap.title_en || snap.title : snap.title;
    return String(title || snap.name || `#${a.target_id}`);
  }
  // A plan's rules name the plan (its names are data, kept in the entry).
  if (a.action === 'product.plan_rules' && a.detail.plan) return String((locale === 'en' && a.detail.plan_en) || a.detail.plan);
  // Business events name their record by its number (claim, order, endorsement, invoice, sub-account).
  for (const key of ['claim_no', 'order_no', 'endorse_no', 'invoice_no', 'username']) {
    if (typeof a.detail[key] === 'string' && a.detail[key]) return String(a.detail[key]);
  }
  const id = a.target_id || a.detail.claim_id || a.detail.order_id || a.detail.plan_id || a.detail.id;
  return id ? `#${id}` : '';
}

/** A stored value as text: empty as "(empty)", switches and states in words, lists joined. */
export function showValue(key: string, value: unknown, tx: OperatorText): string {
  if (value === undefined || value === null || value === '') return tx.log.empty;
  if (typeof value === 'boolean') return value ? tx.yes : tx.no;
  if (key === 'status') {
    if (value === 1 || value === 'enable' || value === '1') return tx.enabled;
    if (value === 0 || value === 'disable' || value === '0') return tx.disabled;
  }
  if (Array.isArray(value))
    return value.length ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : tx.log.empty;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** A field's name: a site setting's label, else the console's word for it, else the key itself. */
export function fieldLabel(a: Pick<AuditItem, 'target_type'>, key: string, tx: OperatorText, locale: Locale): string {
  if (a.target_type === 'settings') {
    const def = settingDef(key);
    if (def) return def.labels[locale];
  }
  const fields: Record<string, string> = tx.log.fields;
  return fields[key] ?? key;
}

export interface Change {
  key: string;
  before: unknown;
  after: unknown;
  /** The row's heading when it is not a field's name (a price cell: plan and class). */
  label?: ReactNode;
  /** Values in fen, shown as yuan (0 or missing: "(empty)"). */
  fen?: boolean;
}

/**
 * The price changes of a product event: the grid's cells (`product.prices`: plan, class, fen before
 * and after) or one plan's annual prices per class (`product.plan_update`).
 */
export function priceChangesOf(a: Pick<AuditItem, 'action' | 'detail'>, tx: OperatorText, locale: Locale): Change[] | null {
  const classLabel = (n: unknown) => interpolate(tx.log.classN, { n: String(n) });
  if (a.action === 'product.prices' && Array.isArray(a.detail.cells)) {
    return (a.detail.cells as Record<string, unknown>[]).map((c) => ({
      key: `${c.plan_id}:${c.class}`,
      before: c.before,
      after: c.after,
      fen: true,
      label: (
        <>
          <span translate="no">{String((locale === 'en' && c.plan_en) || c.plan || `#${c.plan_id}`)}</span> · {classLabel(c.class)}
        </>
      ),
    }));
  }
  if (a.action === 'product.plan_rules') {
    const word = (v: unknown) => (typeof v === 'string' ? (tx.log.severities[v] ?? v) : v);
    return changesOf(a.detail).map((c) => ({
      ...c,
      before: word(c.before),
      after: word(c.after),
      label: tx.log.ruleFields[c.key] ?? c.key,
    }));
  }
  if (a.action === 'product.plan_update') {
    return changesOf(a.detail).map((c) => ({ ...c, fen: true, label: /^[1-6]$/.test(c.key) ? classLabel(c.key) : c.key }));
  }
  return null;
}

/** A fen amount as yuan ("¥120.00"), none as "(empty)". */
const showFen = (value: unknown, tx: OperatorText) => (typeof value === 'number' && value > 0 ? `¥${fenToYuan(value)}` : tx.log.empty);

/**
 * The audit filter's events, grouped by area: each named by its entry's sentence with "Someone" and
 * "…" for the actor and the target, an area's whole prefix first (`claim.*`).
 */
export function eventOptions(tx: OperatorText): { group: string; label: string; options: [string, string][] }[] {
  const log = tx.log;
  const sentence = (template: string) =>
    template.replace('{actor}', log.someone).replace('{target}', log.something).replace(/\s+/g, ' ').trim();
  const byGroup = new Map<string, [string, string][]>();
  for (const [kind, template] of Object.entries(log.kinds)) {
    if (kind === 'other' || kind === 'operator.member.adjust.score') continue;
    const action = kind === 'operator.member.adjust.money' ? 'operator.member.adjust' : kind;
    const label = kind === 'operator.member.adjust.money' ? `${log.someone} · ${tx.adjust}` : sentence(template);
    const group = action.split('.')[0];
    byGroup.set(group, [...(byGroup.get(group) ?? []), [action, label]]);
  }
  return [...byGroup].map(([group, options]) => {
    const name = log.groups[group] ?? group;
    return { group, label: name, options: [[`${group}.*`, interpolate(log.allOf, { group: name })], ...options] };
  });
}

/** The fields whose value differs between `before` and `after` (a created record: every field). */
export function changesOf(detail: Record<string, unknown>): Change[] {
  const before = record(detail.before) ?? {};
  const after = record(detail.after) ?? {};
  const out: Change[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'id' || key === 'operator') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out.push({ key, before: before[key], after: after[key] });
  }
  return out;
}

/** Details worth reading beside the sentence (ids, states and amounts in fen stay in the CSV export). */
const EXTRAS = ['keep', 'revoked', 'amount', 'note'];

/** The entry's other details (not before/after/reason), shown by name. */
function extras(detail: Record<string, unknown>): [string, unknown][] {
  return EXTRAS.filter(
    (k) => detail[k] !== undefined && detail[k] !== '' && detail[k] !== null && (k !== 'amount' || typeof detail[k] === 'string'),
  ).map((k) => [k, detail[k]]);
}

/** The sentence with `{actor}` and `{target}` filled by marked elements. */
function Sentence({ template, actor, target }: { template: string; actor: { text: string; data: boolean }; target: string }) {
  const parts = template.split(/(\{actor\}|\{target\})/);
  return (
    <p className="op-log-sentence">
      {parts.map((part, i): ReactNode => {
        const key = `${i}${part}`;
        if (part === '{actor}')
          return actor.data ? (
            <strong key={key} className="op-log-actor" translate="no">
              {actor.text}
            </strong>
          ) : (
            <Fragment key={key}>{actor.text}</Fragment>
          );
        if (part === '{target}')
          return (
            <strong key={key} className="op-log-target" translate="no">
              {target}
            </strong>
          );
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </p>
  );
}

/** A view-as entry's session (decision 0016): start, end and how, and the member pages seen. */
function ViewAsDetail({ a, tx, timeZone }: { a: AuditItem; tx: OperatorText; timeZone?: string }) {
  const w = tx.log.viewAs;
  const at = (t: unknown) => (typeof t === 'number' && t > 0 ? formatDate(t, 'YYYY-MM-DD HH:mm', timeZone) : '—');
  const pages = Array.isArray(a.detail.pages) ? a.detail.pages.filter((p): p is string => typeof p === 'string') : [];
  const reason = String(a.detail.end_reason ?? '') as keyof typeof w.reasons;
  const ended =
    typeof a.detail.ended_at === 'number'
      ? `${at(a.detail.ended_at)}${Object.hasOwn(w.reasons, reason) ? ` · ${w.reasons[reason]}` : ''}`
      : interpolate(w.open, { time: at(a.detail.expires_at) });
  return (
    <>
      <dl className="op-log-more">
        <div>
          <dt>{w.started}</dt>
          <dd>{at(a.detail.started_at)}</dd>
        </div>
        <div>
          <dt>{w.ended}</dt>
          <dd data-view-as-end="">{ended}</dd>
        </div>
      </dl>
      <p className="op-log-pages-title">{interpolate(w.pages, { n: String(pages.length) })}</p>
      {pages.length ? (
        <ul className="op-log-pages" data-view-as-pages="">
          {pages.map((p) => (
            <li key={p}>
              <code translate="no">{p}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="op-empty">{w.noPages}</p>
      )}
    </>
  );
}

export function AuditEntry({
  a,
  names,
  tx,
  locale,
  timeZone,
}: {
  a: AuditItem;
  names: AuditNames;
  tx: OperatorText;
  locale: Locale;
  /** For the times a view-as entry shows (the viewer's zone). */
  timeZone?: string;
}) {
  const log = tx.log;
  const changes = priceChangesOf(a, tx, locale) ?? changesOf(a.detail);
  const more = extras(a.detail);
  return (
    <div className="op-log" data-action={a.action}>
      <Sentence template={log.kinds[kindOf(a, log)]} actor={actorOf(a, names, log)} target={targetOf(a, names, locale)} />
      {changes.length ? (
        <div className="op-changes-wrap">
          <table className="op-changes">
            <thead>
              <tr>
                <th scope="col">{log.field}</th>
                <th scope="col">{log.before}</th>
                <th scope="col">{log.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.key} data-field={c.key}>
                  <th scope="row">{c.label ?? fieldLabel(a, c.key, tx, locale)}</th>
                  <td className="op-before" translate="no">
                    {c.fen ? showFen(c.before, tx) : showValue(c.key, c.before, tx)}
                  </td>
                  <td className="op-after" translate="no">
                    {c.fen ? showFen(c.after, tx) : showValue(c.key, c.after, tx)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {more.length ? (
        <dl className="op-log-more">
          {more.map(([k, v]) => (
            <div key={k}>
              <dt>{fieldLabel(a, k, tx, locale)}</dt>
              <dd translate="no">{showValue(k, v, tx)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {a.action === 'operator.view_as' ? <ViewAsDetail a={a} tx={tx} timeZone={timeZone} /> : null}
      {typeof a.detail.reason === 'string' && a.detail.reason ? (
        <p className="op-log-reason">
          <span className="muted">{tx.reason}</span> <span translate="no">{a.detail.reason}</span>
        </p>
      ) : null}
    </div>
  );
}
