/** Texts of the public product pages: the quote (/offer) and the catalogue with its plan comparison (/product), per language. */
import type { Locale } from '~/lib/types';

const zh = {
  offer: {
    title: '在线报价',
    lead: '选择方案、职业类别、人数和保险期间，立即得到保费。',
    product: '险种',
    plan: '方案',
    headcount: '人数',
    quote: '计算保费',
    result: '报价结果',
    premium: '保费合计',
    perPerson: '每人保费',
    rate: '费率',
    buy: '立即投保',
    mixTitle: '多个职业类别',
    mixHint: '人员分属不同类别时，填写每个类别的人数（合计即投保人数），各类别分别计费。',
    mixPeople: '{c} 类人数',
    buyHint: '登录后将进入已预填的投保单。',
    invalid: '请检查输入：',
    none: '填写上面的信息并点“计算保费”。',
  },
  catalogue: {
    lead: '四类保险产品，按方案、职业类别和人数在线报价、投保、支付。',
    plans: '{n} 个方案',
    from: '¥{price} 起 / 人·年',
    compare: '方案对比',
    limits: '保障限额',
    price: '年保费（每人）',
    classes: '可保类别',
    ages: '年龄',
    size: '人数',
    named: '名单',
    namedYes: '具名清单',
    namedNo: '按人数',
    quote: '报价',
    buy: '投保',
  },
};

const en: typeof zh = {
  offer: {
    title: 'Instant quote',
    lead: 'Choose a plan, occupation class, headcount and term for an instant premium.',
    product: 'Product',
    plan: 'Plan',
    headcount: 'People',
    quote: 'Get a quote',
    result: 'Your quote',
    premium: 'Total premium',
    perPerson: 'Per person',
    rate: 'Rate',
    buy: 'Buy now',
    mixTitle: 'Several occupation classes',
    mixHint:
      'When people fall into different classes, give the number in each (their sum is the headcount); each class is priced on its own.',
    mixPeople: 'People in class {c}',
    buyHint: 'Sign in to continue to the prefilled application.',
    invalid: 'Please check:',
    none: 'Fill in the form above and press “Get a quote”.',
  },
  catalogue: {
    lead: 'Four kinds of cover, quoted, bought and paid online by plan, occupation class and headcount.',
    plans: '{n} plans',
    from: 'from ¥{price} per person a year',
    compare: 'Compare plans',
    limits: 'Limits',
    price: 'Annual premium per person',
    classes: 'Classes',
    ages: 'Ages',
    size: 'People',
    named: 'List',
    namedYes: 'Named list',
    namedNo: 'Headcount',
    quote: 'Quote',
    buy: 'Buy',
  },
};

/** The product pages' texts per language (part of orderText). */
export const PRODUCT_TEXT = { 'zh-cn': zh, en } satisfies Record<Locale, typeof zh>;
