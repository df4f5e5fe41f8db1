/** Messages of renewals, per language (merged into the API's table): errors, the created message and the reminder notice. */
export default {
  'zh-cn': {
    renewal: {
      created: '续保订单已创建，请支付',
      notInForce: '只有生效中或刚到期的保单可以续保',
      tooEarly: '保单到期前 60 天内才可续保',
      tooLate: '保单到期已超过 30 天，请重新投保',
      noPlan: '该产品目前没有可续保的方案，请重新投保',
      nobody: '到期日保单上没有可续保的被保险人',
    },
    notify: {
      cover_ending: {
        title: '保单 {no} 即将到期',
        body: '您的保单 {no}（{plan}）将于 {date} 到期，剩余 {days} 天。打开续保页面可查看续保价格并一键下单。',
      },
    },
  },
  en: {
    renewal: {
      created: 'Renewal order created: pay it to renew',
      notInForce: 'Only a policy in force or just ended can be renewed',
      tooEarly: 'A policy can be renewed from 60 days before it ends',
      tooLate: 'The policy ended more than 30 days ago: place a new order instead',
      noPlan: 'No plan of this product can be renewed now: place a new order instead',
      nobody: 'Nobody on the policy at its end date can be renewed',
    },
    notify: {
      cover_ending: {
        title: 'Policy {no} is ending soon',
        body: 'Your policy {no} ({plan_en}) ends on {date}; days left: {days}. Open the renewal page to see the price and place the renewal order.',
      },
    },
  },
};
