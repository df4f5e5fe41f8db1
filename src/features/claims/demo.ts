/**
 * Demo claims: seven for the demo member, one per status, on its effective guzhu and tuanyi
 * policies, made through the domain functions (so numbers, timelines, audit entries and
 * notifications are real). No e-mail goes out while seeding. Two notifications stay unread.
 */
import { markRead } from '~/features/notifications';
import { listInsured, listOrders, type OrderListQuery, type OrderRecord, siteToday } from '~/features/orders';
import { getStorage, storeServerFile } from '~/features/upload';
import { type Db, num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { getSiteConfig } from '~/server/site-config';
import { addDocument } from './documents';
import type { Actor } from './model';
import { reportClaim } from './report';
import { type ClaimStatus, type ClaimType, requiredDocuments } from './schemas';
import { approve, markPaid, reject, requestDocuments, startReview, withdraw } from './transitions';

const DAY = 86_400;

/** A one-page PDF naming the document (enough for the demo's file links to open). */
function demoPdf(title: string): Uint8Array {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

interface Plan {
  target: ClaimStatus;
  product: 'guzhu' | 'tuanyi';
  type: ClaimType;
  /** Accident this many days ago; reported a day later. */
  daysAgo: number;
  person: number;
  estimated: number;
  place: string;
  description: string;
  hospital: string;
}

const PLANS: Plan[] = [
  {
    target: 'paid',
    product: 'guzhu',
    type: 'injury',
    daysAgo: 60,
    person: 0,
    estimated: 1_280_000,
    place: '浦东新区张江项目工地 3 号楼',
    description: '搭设脚手架时踏空坠落，右腿胫骨骨折。',
    hospital: '上海市第七人民医院',
  },
  {
    target: 'rejected',
    product: 'tuanyi',
    type: 'injury',
    daysAgo: 33,
    person: 1,
    estimated: 350_000,
    place: '闵行区员工宿舍',
    description: '周末在宿舍打篮球扭伤脚踝。',
    hospital: '闵行区中心医院',
  },
  {
    target: 'approved',
    product: 'tuanyi',
    type: 'injury',
    daysAgo: 25,
    person: 2,
    estimated: 920_000,
    place: '松江区仓库装卸区',
    description: '搬运货物时被叉车挤压左手，掌骨骨折。',
    hospital: '松江区中心医院',
  },
  {
    target: 'withdrawn',
    product: 'guzhu',
    type: 'injury',
    daysAgo: 18,
    person: 3,
    estimated: 150_000,
    place: '浦东新区张江项目工地 1 号楼',
    description: '切割钢筋时划伤左手，已自行处理。',
    hospital: '',
  },
  {
    target: 'need_documents',
    product: 'guzhu',
    type: 'injury',
    daysAgo: 12,
    person: 4,
    estimated: 2_650_000,
    place: '浦东新区张江项目工地 2 号楼',
    description: '高空作业时安全绳断裂坠落，多处骨折，住院治疗。',
    hospital: '上海市东方医院',
  },
  {
    target: 'reviewing',
    product: 'tuanyi',
    type: 'injury',
    daysAgo: 8,
    person: 5,
    estimated: 480_000,
    place: '嘉定区厂区食堂',
    description: '地面湿滑摔倒，腕部骨裂。',
    hospital: '嘉定区中心医院',
  },
  {
    target: 'reported',
    product: 'guzhu',
    type: 'injury',
    daysAgo: 3,
    person: 6,
    estimated: 600_000,
    place: '浦东新区张江项目工地 3 号楼',
    description: '操作切割机时飞溅物伤及右眼。',
    hospital: '上海市第一人民医院',
  },
];

async function firstEffective(db: Db, userId: number, product: string, today: string): Promise<OrderRecord | null> {
  const q = { type: product, status: 'effective', keyword: '', start: '', end: '', page: 1, limit: 20 } as OrderListQuery;
  const { list } = await listOrders(db, userId, q, today);
  // The oldest effective policy: its period covers every demo accident.
  return list.filter((o) => o.policyNo && o.namedList).sort((a, b) => a.startDate.localeCompare(b.startDate))[0] ?? null;
}

const isoDay = (today: string, daysAgo: number) => {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysAgo)).toISOString().slice(0, 10);
};

/** Demo seeder (DEMO_SEEDERS, after orders): the demo member's seven claims and two unread notifications. */
export async function seedClaimsDemo({ db, users, now }: DemoContext): Promise<void> {
  const demoId = users.demo;
  const operatorId = users.operator;
  if (demoId === undefined || operatorId === undefined) return;
  const today = await siteToday(db);
  const { site } = await getSiteConfig(db);
  const policies = { guzhu: await firstEffective(db, demoId, 'guzhu', today), tuanyi: await firstEffective(db, demoId, 'tuanyi', today) };
  const member: Actor = { userId: demoId, name: '演示会员', role: 'member', ip: '127.0.0.1' };
  const operator: Actor = { userId: operatorId, name: '运营专员', role: 'operator', ip: '127.0.0.1' };
  const quiet = { mail: false };
  const storage = getStorage();
  for (const [i, p] of PLANS.entries()) {
    const policy = policies[p.product];
    if (!policy) continue;
    const accident = isoDay(today, p.daysAgo);
    if (accident < policy.startDate) continue;
    const { list } = await listInsured(db, policy.id, { asOf: accident, page: 1, limit: 20 });
    const person = list[p.person % Math.max(list.length, 1)];
    if (!person) continue;
    let at = now - (p.daysAgo - 1) * DAY + 2 * 3600;
    const tick = (hours: number) => (at += hours * 3600);
    const { claim } = await reportClaim(
      db,
      member,
      {
        request_id: `demo-claim-${i + 1}`,
        order_id: policy.id,
        insured_id: person.id,
        insured_name: '',
        insured_id_no: '',
        type: p.type,
        accident_date: accident,
        accident_place: p.place,
        description: p.description,
        hospital: p.hospital,
        estimated_amount: p.estimated,
      },
      site.timezone,
      { at },
    );
    // Documents: the reported claim has only its first two; the others have the full checklist.
    const kinds = requiredDocuments(p.type, policy.product, true)
      .filter((d) => d.required)
      .map((d) => d.kind);
    for (const kind of p.target === 'reported' ? kinds.slice(0, 2) : kinds) {
      const file = await storeServerFile(db, storage, {
        userId: demoId,
        topic: 'claim',
        name: `${claim.claimNo}-${kind}.pdf`,
        mime: 'application/pdf',
        bytes: demoPdf(`${claim.claimNo} ${kind}`),
      });
      await addDocument(db, member, [demoId], { id: claim.id, kind, file_id: num(file.id) });
    }
    if (p.target === 'reported') continue;
    if (p.target === 'withdrawn') {
      await withdraw(db, member, [demoId], { id: claim.id, reason: '伤情轻微，已自行处理，不再申请理赔。' }, { at: tick(20), ...quiet });
      continue;
    }
    await startReview(db, operator, claim.id, { at: tick(22), ...quiet });
    if (p.target === 'reviewing') continue;
    if (p.target === 'need_documents') {
      const note = '请补充住院期间全部医疗费用发票原件的扫描件（含明细清单）。';
      await requestDocuments(db, operator, { id: claim.id, kinds: ['invoices'], note }, { at: tick(26), ...quiet });
      continue;
    }
    if (p.target === 'rejected') {
      const reason = '事故发生在非工作时间的私人活动中，不属于保险责任范围。';
      await reject(db, operator, { id: claim.id, reason }, { at: tick(30), ...quiet });
      continue;
    }
    const amount = p.target === 'approved' ? 860_000 : 1_150_000;
    await approve(db, operator, { id: claim.id, approved_amount: amount, note: '按保单条款核定。' }, { at: tick(48), ...quiet });
    if (p.target === 'paid') {
      const paidDay = isoDay(today, p.daysAgo - 6);
      await markPaid(db, operator, { id: claim.id, payment_ref: 'ICBC-20261019-778812', paid_at: paidDay }, site.timezone, {
        at: tick(72),
        ...quiet,
      });
    }
  }
  // Everything read but the two newest (the documents request and the approval).
  const rows = await db.sql`SELECT id FROM notification WHERE user_id = ${demoId} AND kind = 'claim_status' AND read_at IS NULL
    ORDER BY created_at DESC, id DESC`;
  const older = rows.slice(2).map((r: Record<string, unknown>) => num(r.id));
  if (older.length) await markRead(db, demoId, { ids: older });
}
