/**
 * Texts of the product pages, per language (`defineTexts`, decision 0014): the quote (/offer) and the
 * catalogue with its plan comparison (/product). The operator's plan editor uses the orders' texts.
 */
import { defineTexts } from '~/lib/texts';

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
    howTitle: '报价怎么算',
    how: {
      product: '选择产品：雇主责任险、团体意外险、安全生产责任险或个人意外险。',
      class: '选择职业类别（1–6 类，类别越高风险越大）和保障方案。',
      people: '填写人数和保险期间，系统按费率表计算保费。',
    },
    calcTitle: '报价计算器',
    toProducts: '先看看产品',
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
  product: {
    title: '保险产品',
    lead: '面向企业雇主和个人的四类保障。登录会员中心后即可投保和管理保单。',
    forLabel: '适合',
    pricingLabel: '计费方式',
    list: '投保名单',
    detail: {
      guzhu: { for: '有雇员的各类企业', pricing: '按职业类别（1–6 类）和方案，按人计费', list: '需要具名员工名单' },
      tuanyi: { for: '需要为员工或团队成员提供意外保障的单位', pricing: '按方案和人数计费', list: '需要具名人员名单' },
      anze: { for: '依法须投保的高危行业企业', pricing: '按人数和行业计费', list: '多数方案无需名单' },
      personal: { for: '个人、灵活用工人员', pricing: '按方案单人计费', list: '仅被保险人本人' },
    },
    cta: '登录后投保',
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
    howTitle: 'How a quote is worked out',
    how: {
      product: "Pick a product: employer's liability, group accident, work-safety liability or personal accident.",
      class: 'Pick the occupation class (1–6; higher means riskier work) and a plan.',
      people: 'Enter the headcount and the period; the premium comes from the price table.',
    },
    calcTitle: 'Quote calculator',
    toProducts: 'Browse the products',
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
  product: {
    title: 'Products',
    lead: 'Four kinds of cover for employers and individuals. Log in to the member centre to buy and manage policies.',
    forLabel: 'For',
    pricingLabel: 'Priced by',
    list: 'Insured list',
    detail: {
      guzhu: { for: 'Any company with employees', pricing: 'Occupation class (1–6) and plan, per person', list: 'Named employee list' },
      tuanyi: {
        for: 'Organisations covering staff or team members against accidents',
        pricing: 'Plan and headcount',
        list: 'Named list of people',
      },
      anze: { for: 'Companies in industries where the cover is required', pricing: 'Headcount and industry', list: 'Usually no name list' },
      personal: { for: 'Individuals and flexible workers', pricing: 'Plan, per person', list: 'The insured person only' },
    },
    cta: 'Log in to buy',
  },
};

/** The product pages' texts in a language: `productText(locale).catalogue.compare`. */
export const productText = defineTexts('products', { 'zh-cn': zh, en });

export type ProductTexts = typeof zh;

/** `{name}` placeholders filled in. */
export { interpolate as fill } from '~/lib/interpolate';
