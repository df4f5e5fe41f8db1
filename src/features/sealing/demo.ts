/**
 * Demo data of the sealing area, written through its domain functions: the demo company's
 * approved 公章 and pending 合同专用章 (both drawn), and a sealed 3-page staff roster
 * (seal on page 3 plus a cross-page seal) with the fixed code DEMX-SEAL-2468.
 */
import { rgb } from '@cantoo/pdf-lib';
import { getStorage, storeServerFile } from '~/features/upload';
import type { DemoContext } from '~/server/db/seed';
import { newPdf } from '~/server/pdf';
import { SEALFILE_TOPIC } from './documents';
import { drainJobs } from './job-runner';
import { createSealJob } from './jobs';
import { generateSeal } from './seals';

export const DEMO_COMPANY = '上海示例科技有限公司';
export const DEMO_CODE = 'DEMXSEAL2468';
export const DEMO_ROSTER = '员工花名册-2026.pdf';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超'];
const POSTS = ['项目经理', '施工员', '安全员', '电工', '焊工', '司机', '仓管员', '会计'];

let roster: Promise<Uint8Array> | undefined;

/** The roster: 3 A4 pages of a staff table (built once per process). */
export function rosterPdf(): Promise<Uint8Array> {
  roster ??= (async () => {
    const { doc, font } = await newPdf();
    let no = 1;
    for (let p = 1; p <= 3; p++) {
      const page = doc.addPage([595.28, 841.89]);
      page.drawText(`${DEMO_COMPANY} 员工花名册（2026 年度）`, { x: 60, y: 780, size: 16, font });
      page.drawText(`第 ${p} 页，共 3 页`, { x: 460, y: 760, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
      const cols = [60, 100, 170, 330, 430];
      const heads = ['序号', '姓名', '身份证号（已脱敏）', '岗位', '职业类别'];
      for (const [i, h] of heads.entries()) page.drawText(h, { x: cols[i], y: 730, size: 10, font });
      for (let r = 0; r < (p === 3 ? 12 : 24); r++, no++) {
        const y = 708 - r * 24;
        const name =
          SURNAMES[(no * 7) % SURNAMES.length] + GIVEN[(no * 5) % GIVEN.length] + (no % 3 === 0 ? GIVEN[(no * 3) % GIVEN.length] : '');
        const id = `3101${String(10 + (no % 80)).padStart(2, '0')}19${80 + (no % 20)}****${String(1000 + no * 37).slice(-4)}`;
        const cells = [String(no), name, id, POSTS[no % POSTS.length], `${(no % 4) + 1} 类`];
        for (const [i, t] of cells.entries()) page.drawText(t, { x: cols[i], y, size: 10, font });
        page.drawLine({ start: { x: 56, y: y - 7 }, end: { x: 540, y: y - 7 }, thickness: 0.3, color: rgb(0.8, 0.8, 0.8) });
      }
      if (p === 3) page.drawText('以上人员信息真实有效，特此盖章确认。', { x: 60, y: 360, size: 11, font });
    }
    return doc.save();
  })();
  return roster;
}

/** Demo seeder: the demo member's seals and one sealed, verifiable document. */
export async function seedSealingDemo({ db, users }: DemoContext): Promise<void> {
  const userId = users.demo;
  if (userId === undefined) return;
  const storage = getStorage();
  const member = { id: userId, parent_id: null };
  const official = await generateSeal(
    db,
    storage,
    member,
    { company_name: DEMO_COMPANY, kind: 'official', inner_text: '' },
    { status: 'approved' },
  );
  await generateSeal(db, storage, member, { company_name: DEMO_COMPANY, kind: 'contract', inner_text: '合同专用章' });
  const file = await storeServerFile(db, storage, {
    userId,
    topic: SEALFILE_TOPIC,
    name: DEMO_ROSTER,
    mime: 'application/pdf',
    bytes: await rosterPdf(),
  });
  await createSealJob(
    db,
    storage,
    member,
    {
      request_id: 'demo-roster-2026',
      file_id: file.id,
      seal_id: official.id,
      stamps: [{ page: 3, x: 0.72, y: 0.62 }],
      every_page: null,
      cross_page: { y: 0.5 },
    },
    { code: DEMO_CODE, waitMs: 0, kick: false },
  );
  await drainJobs(db, storage);
}
