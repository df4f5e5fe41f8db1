/** Texts of the balance runway on the account overview and the team allocation page (`defineTexts`). */
import { defineTexts } from '~/lib/texts';

const zh = {
  title: '余额可用天数',
  counted: {
    days: '{n} 天',
    days_one: '{n} 天',
    low: '低于提醒线（{n} 天），请及时补充余额，以免批改加人或续保时余额不足。',
    low_one: '低于提醒线（{n} 天），请及时补充余额，以免批改加人或续保时余额不足。',
    ok: '提醒线为 {n} 天，低于时会通知您。',
    ok_one: '提醒线为 {n} 天，低于时会通知您。',
  },
  noFigure: '暂无',
  lead: {
    company: '全公司余额 {balance}，按今天的在保人数（{people} 人，每天约 {daily}）约可维持：',
    company_one: '全公司余额 {balance}，按今天的在保人数（{people} 人，每天约 {daily}）约可维持：',
    account: '本账号余额 {balance}，按今天的在保人数（{people} 人，每天约 {daily}）约可维持：',
    account_one: '本账号余额 {balance}，按今天的在保人数（{people} 人，每天约 {daily}）约可维持：',
  },
  nobody: '今天没有正在保障中的人员，暂无可用天数。',
  topUp: '充值',
  perAccount: '查看各子账号',
  askOwner: '子账号不能充值，请联系主账号划拨额度。',
  how: '按每位在保人员实际所付保费 ÷ 其保障天数计算每日保费；天数向下取整。',
  table: {
    title: '各账号余额可用天数',
    account: '账号',
    main: '主账号',
    balance: '余额',
    people: '在保人数',
    daily: '每日保费',
    runway: '可用天数',
    lowBadge: '偏低',
    company: '全公司合计',
    allocate: '划拨',
  },
};

const en: typeof zh = {
  title: 'Balance runway',
  counted: {
    days: '{n} days',
    days_one: '{n} day',
    low: 'Under the alert level of {n} days: add funds before an endorsement or a renewal finds the balance short.',
    low_one: 'Under the alert level of {n} day: add funds before an endorsement or a renewal finds the balance short.',
    ok: 'You are notified when it falls under {n} days.',
    ok_one: 'You are notified when it falls under {n} day.',
  },
  noFigure: 'No figure',
  lead: {
    company: "At today's headcount ({people} people, about {daily} a day), the company's balance of {balance} lasts",
    company_one: "At today's headcount ({people} person, about {daily} a day), the company's balance of {balance} lasts",
    account: "At today's headcount ({people} people, about {daily} a day), this account's balance of {balance} lasts",
    account_one: "At today's headcount ({people} person, about {daily} a day), this account's balance of {balance} lasts",
  },
  nobody: 'Nobody is covered today, so there is no figure.',
  topUp: 'Top up',
  perAccount: 'Per sub-account',
  askOwner: 'A sub-account cannot top up: ask the main account to allocate funds.',
  how: "Each covered person's daily premium is what was paid for their cover ÷ its days; days are rounded down.",
  table: {
    title: 'Runway per account',
    account: 'Account',
    main: 'Main account',
    balance: 'Balance',
    people: 'People covered',
    daily: 'Premium a day',
    runway: 'Runway',
    lowBadge: 'Low',
    company: 'Company total',
    allocate: 'Allocate',
  },
};

export const runwayText = defineTexts('runway', { 'zh-cn': zh, en });
export type RunwayText = ReturnType<typeof runwayText>;
