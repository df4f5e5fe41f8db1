/**
 * The help centre's texts (decision 0014): what each part of the portal is for and where to start,
 * in both languages. Each topic names the page it explains (`to`), so the article links there.
 */
import { defineTexts } from '~/lib/texts';

const zh = {
  title: '帮助中心',
  lead: '会员中心能做什么、从哪里开始：投保、人员批改、理赔、发票、余额和团队。',
  contents: '目录',
  open: '去办理',
  contact: {
    title: '还有问题？',
    body: '请联系为您服务的客户经理，或在工作时间拨打服务热线；理赔报案请先在“理赔服务”中提交，我们会在一个工作日内联系您。',
  },
  topics: [
    {
      id: 'start',
      title: '开始使用',
      to: '/user/account/overview',
      body: [
        '用管理员发给您的账号和密码登录；忘记密码时，可在登录页用手机号或邮箱验证后重设。',
        '“账户概览”汇总了在保保单、待支付订单、需要补充材料的理赔和即将到期的保障。',
        '页面右上角可切换中文和英文；在手机上，菜单收在左上角的按钮里。',
      ],
    },
    {
      id: 'buy',
      title: '报价与投保',
      to: '/offer',
      body: [
        '在“在线报价”中选择险种、方案、职业类别、人数和保险期间，立即看到保费。',
        '投保时填写或导入被保险人名单，提交后用账户余额支付；订单经审核承保后即可下载保单。',
        '雇主责任险按人数投保，团体意外险需要具名名单；个人意外险只保一人。',
      ],
    },
    {
      id: 'endorse',
      title: '人员批改（加人、减人、替换）',
      to: '/user/order/endorse',
      body: [
        '保单生效后，人员变动在“批改记录”中申请：加人、减人、替换或更正信息，并选择生效日期。',
        '系统按天计算保费差额：加人从余额扣款，减人退回余额；审核通过前可以撤回申请。',
        '每一次批改都会记入保单的时间线和账户流水。',
      ],
    },
    {
      id: 'claims',
      title: '理赔',
      to: '/user/claim/list',
      body: [
        '员工出险后，在“理赔服务”中报案：选择保单和出险人员，填写经过并上传材料。',
        '审核人员要求补充材料时，理赔会标记为“待补充材料”，请在理赔详情页上传。',
        '赔款支付后，状态会变为“已赔付”，您会收到通知。',
      ],
    },
    {
      id: 'invoices',
      title: '发票',
      to: '/user/order/invoiceApply',
      body: ['已支付的保费可以申请发票：选择订单或批改，填写抬头和税号后提交。', '退保或减人产生退费时，已开具的发票会相应开具红字发票。'],
    },
    {
      id: 'balance',
      title: '余额与充值',
      to: '/user/account/balance',
      body: [
        '保费从账户余额中支付。充值时请先对公转账，再上传转账凭证，审核通过后到账。',
        '“余额明细”列出每一笔收支，可以按日期筛选并导出表格。',
      ],
    },
    {
      id: 'team',
      title: '团队与子账号',
      to: '/user/team/teamMange',
      body: ['主账号可以为各个工地或部门添加子账号，并给子账号分配余额。', '子账号只能看到自己的订单和理赔，主账号可以看到全部。'],
    },
    {
      id: 'seals',
      title: '文件盖章',
      to: '/user/file/sealfile',
      body: ['上传印章图片，经审核后可以在文件上加盖电子印章，并下载带有验证码的盖章文件。'],
    },
  ],
};

export const helpText = defineTexts('help', {
  'zh-cn': zh,
  en: {
    title: 'Help centre',
    lead: 'What the member centre does and where to start: cover, roster changes, claims, invoices, balance and your team.',
    contents: 'Contents',
    open: 'Go there',
    contact: {
      title: 'Still need help?',
      body: 'Contact your account manager or call the service line during office hours. To report a claim, submit it under "Claims" first; we will contact you within one working day.',
    },
    topics: [
      {
        id: 'start',
        title: 'Getting started',
        to: '/user/account/overview',
        body: [
          'Log in with the account and password your administrator gave you. If you forget the password, reset it from the login page after confirming your mobile number or e-mail.',
          'The account overview brings together policies in force, orders waiting for payment, claims that need documents and cover that ends soon.',
          'Switch between Chinese and English at the top right. On a phone the menu sits behind the button at the top left.',
        ],
      },
      {
        id: 'buy',
        title: 'Quotes and buying cover',
        to: '/offer',
        body: [
          'On the quote page choose the product, plan, occupation class, headcount and term to see the premium at once.',
          'When you buy, enter or import the insured people, submit and pay from your balance. Once the order is underwritten you can download the policy.',
          "Employer's liability is bought by headcount, group accident needs a named list, and personal accident covers one person.",
        ],
      },
      {
        id: 'endorse',
        title: 'Roster changes (add, remove, replace)',
        to: '/user/order/endorse',
        body: [
          'Once a policy is in force, people change through an endorsement: add, remove, replace or correct details, with the date the change takes effect.',
          'The premium difference is worked out by the day: additions are charged to your balance, removals are refunded to it. You can withdraw a request until it is approved.',
          "Every endorsement shows in the policy's timeline and in your balance log.",
        ],
      },
      {
        id: 'claims',
        title: 'Claims',
        to: '/user/claim/list',
        body: [
          'When an employee is hurt, report it under Claims: choose the policy and the person, describe what happened and upload the documents.',
          'If the assessor needs more documents, the claim is marked "Documents needed"; upload them on the claim\'s page.',
          'When the claim is paid its status changes to Paid, and you are notified.',
        ],
      },
      {
        id: 'invoices',
        title: 'Invoices',
        to: '/user/order/invoiceApply',
        body: [
          'You can ask for an invoice on premium you have paid: choose the orders or endorsements, enter the company name and tax number, and submit.',
          'When a surrender or a removal refunds premium, a credit invoice is issued against the invoice already sent.',
        ],
      },
      {
        id: 'balance',
        title: 'Balance and top-ups',
        to: '/user/account/balance',
        body: [
          'Premium is paid from your account balance. To top up, make a bank transfer, then upload the transfer slip; the money arrives once it is checked.',
          'The balance log lists every payment in and out; filter it by date and export it as a spreadsheet.',
        ],
      },
      {
        id: 'team',
        title: 'Team and sub-accounts',
        to: '/user/team/teamMange',
        body: [
          'The main account can add a sub-account for each site or department and allocate balance to it.',
          'A sub-account sees only its own orders and claims; the main account sees all of them.',
        ],
      },
      {
        id: 'seals',
        title: 'Sealing documents',
        to: '/user/file/sealfile',
        body: [
          'Upload an image of your company seal; once it is approved you can stamp documents with it and download them with a verification code.',
        ],
      },
    ],
  },
});
