/**
 * Who hears of a claim's changes: the notification kinds, the pages they link to, and the claim
 * reviewers (operators) who are told when a member reports, resubmits or withdraws.
 */
import type { SQL } from 'bun';

type Row = Record<string, unknown>;

/** The notification kind of a claim's status change (texts `notify.claim_status.*`), and its e-mail event. */
export const CLAIM_STATUS_KIND = 'claim_status';
/** The notification kind operators get when a member reports, resubmits or withdraws. */
export const CLAIM_MEMBER_KIND = 'claim_member';

/** The claim's page for its member, and for operators: where a notification leads. */
export const memberLink = (id: number) => `/user/claim/detail?id=${id}`;
export const operatorLink = (id: number) => `/user/operator/claimDetail?id=${id}`;

/** Everyone whose group lists `operator/claims` explicitly (the claim reviewers). */
export async function claimReviewers(tx: SQL): Promise<number[]> {
  const [rule] = await tx`SELECT id FROM user_rule WHERE name = 'operator/claims' AND status = 1`;
  if (!rule) return [];
  const ruleId = String(rule.id);
  const groups: Row[] = await tx`SELECT id, rules FROM user_group WHERE status = 1`;
  const ids = groups
    .filter((g) =>
      String(g.rules ?? '')
        .split(',')
        .map((s) => s.trim())
        .includes(ruleId),
    )
    .map((g) => Number(g.id));
  if (!ids.length) return [];
  const users: Row[] = await tx`SELECT id FROM "user" WHERE group_id IN ${tx(ids)} AND status = 'enable' ORDER BY id`;
  return users.map((u) => Number(u.id));
}
