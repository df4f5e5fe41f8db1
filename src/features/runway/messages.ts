/** Messages of the balance runway, per language (merged into the API's table): the alert notice and its scope words. */
export default {
  'zh-cn': {
    runway: {
      scope: { company: '全公司余额', account: '子账号余额' },
    },
    notify: {
      balance_runway: {
        title: '余额预计只够 {days} 天',
        body: '{scope}（{account}）{balance:yuan}，按今天的在保人数约可维持 {days} 天，已低于提醒线 {threshold} 天。请及时充值或划拨额度。',
      },
    },
  },
  en: {
    runway: {
      scope: { company: 'Company balance', account: 'Sub-account balance' },
    },
    notify: {
      balance_runway: {
        title: 'Balance lasts about {days} days',
        body: "{scope} ({account}): {balance:yuan}. At today's headcount this lasts about {days} days, under the alert level of {threshold} days. Top up or allocate funds in time.",
      },
    },
  },
};
