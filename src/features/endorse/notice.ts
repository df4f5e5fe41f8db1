/**
 * The endorsement notice (批改通知书): policy, endorsement number, effective date, each item with
 * its days and premium, the total; stored as the member's file once approved, served by GET notice.
 */
import { maskResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import { getStorage, storeServerFile } from '~/features/upload';
import { type Db, num } from '~/server/db/client';
import type { RosterPort } from './policy';
import { periodDays } from './premium';
import { loadItems, toEndorsement } from './model';
import { textDoc } from './pdf-lines';

const KIND_ZH: Record<string, string> = { add: '加保 Add', remove: '减保 Remove', replace: '替换 Replace', correct: '更正 Correct' };

/** The notice's bytes for an approved endorsement. */
export async function noticeBytes(db: Db, port: RosterPort, id: number): Promise<Uint8Array> {
  const [row] = await db.sql`SELECT * FROM endorsement WHERE id = ${id}`;
  const e = toEndorsement(row);
  const policy = await port.loadPolicy(db.sql, e.orderId);
  const items = await loadItems(db.sql, e.id);
  const doc = await textDoc({ title: `批改通知书 ${e.endorseNo ?? e.applyNo}`, subject: 'Endorsement notice' });
  doc.title('批改通知书 Endorsement notice');
  doc.pair('批单号 No.', e.endorseNo ?? '');
  doc.pair('申请号 Application', e.applyNo);
  doc.pair('保单号 Policy', e.policyNo);
  if (policy) {
    doc.pair('投保人 Policyholder', policy.policyholder);
    doc.pair(
      '方案 Plan',
      policy.planNameEn && policy.planNameEn !== policy.planName ? `${policy.planName} / ${policy.planNameEn}` : policy.planName,
    );
    doc.pair('保险期间 Period', `${policy.start} — ${policy.end} (${periodDays(policy, policy.start).D} 天/days)`);
  }
  doc.pair('生效日期 Effective', e.effectiveDate);
  doc.pair('保费变化 Premium', `${fenToYuan(e.premiumDelta)} 元 CNY`);
  doc.gap();
  const widths = [80, 150, 150, 50, 65];
  doc.row(['类型 Kind', '原 Before', '新 After', '天数 Days', '保费 Premium'], widths, true);
  const who = (f: { name?: string; id_no?: string; occupation_class?: number } | null) =>
    f ? `${f.name} ${maskResidentId(String(f.id_no))} ${f.occupation_class}类` : '—';
  for (const i of items) doc.row([KIND_ZH[i.kind] ?? i.kind, who(i.before), who(i.after), String(i.days), fenToYuan(i.premium)], widths);
  doc.gap();
  doc.line(`合计 Total: ${fenToYuan(e.premiumDelta)} 元。各明细分别四舍五入到分，不足一分的差额由保险人承担。`);
  doc.line('Items round to the fen separately; the insurer bears the sub-fen rest.', 8);
  return doc.save();
}

/** Render and store the notice as the member's file; remember its storage key on the endorsement. */
export async function renderNotice(db: Db, port: RosterPort, id: number): Promise<string> {
  const bytes = await noticeBytes(db, port, id);
  const [row] = await db.sql`SELECT user_id, endorse_no, apply_no FROM endorsement WHERE id = ${id}`;
  const file = await storeServerFile(db, getStorage(), {
    userId: num(row.user_id),
    topic: 'endorse',
    name: `endorse-${row.endorse_no ?? row.apply_no}.pdf`,
    mime: 'application/pdf',
    bytes,
  });
  await db.sql`UPDATE endorsement SET notice_path = ${file.path} WHERE id = ${id}`;
  return file.path;
}
