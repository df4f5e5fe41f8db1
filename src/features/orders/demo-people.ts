/**
 * Demo people: the generated named lists (realistic names, valid resident ID numbers) and the demo
 * members' policyholders. Deterministic, so the seed makes the same orders every time.
 */
import { makeResidentId } from '~/lib/cn-id';
import { makeCreditCode } from '~/lib/credit-code';
import type { InsuredRowInput, Policyholder } from './schemas';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '志强',
  '海燕',
  '晓东',
  '春梅',
  '国强',
  '文博',
];

/** A realistic named list: `n` people of working age on `onDate`, distinct ID numbers. */
export function demoPeople(n: number, onDate: string, seed = 1): InsuredRowInput[] {
  const rows: InsuredRowInput[] = [];
  const [y] = onDate.split('-').map(Number);
  for (let i = 0; i < n; i++) {
    const k = seed * 7919 + i * 104_729;
    const age = 22 + (k % 33); // 22–54
    const birthday = `${y - age - 1}-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + (k % 28)).padStart(2, '0')}`;
    rows.push({
      name: SURNAMES[k % SURNAMES.length] + GIVEN[(k >> 3) % GIVEN.length],
      id_no: makeResidentId(birthday, (seed * 37 + i * 2 + (k % 2)) % 1000, i % 3 === 0 ? '310115' : i % 3 === 1 ? '320102' : '440106'),
      class: null,
    });
  }
  return rows;
}

/** The demo policyholders. */
export const DEMO_HOLDERS: Record<string, Policyholder> = {
  demo: {
    name: '上海示例建设工程有限公司',
    credit_code: makeCreditCode('91310115MA1K3YJ5X'),
    contact: '王建国',
    mobile: '13800138000',
    email: 'demo@example.com',
    address: '上海市浦东新区世纪大道 100 号',
  },
  manager: {
    name: '浦江现场项目部',
    credit_code: makeCreditCode('91310104MA1FR2P8C'),
    contact: '李现场',
    mobile: '13900139000',
    email: 'manager@example.com',
    address: '上海市徐汇区龙华中路 600 号',
  },
};
