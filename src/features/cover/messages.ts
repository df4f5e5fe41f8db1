/** API messages of proof of cover, per language (merged into the API's table). */
export default {
  'zh-cn': {
    cover: {
      orderRequired: '请指定保单',
      idRequired: '请指定在保证明',
      requestIdInvalid: '请求编号无效，请刷新页面后重试',
      dayInvalid: '请输入有效日期（YYYY-MM-DD）',
      dayOutside: '证明日期须在保险期间内（{start} 至 {end}）',
      peopleInvalid: '被保险人选择不正确',
      peopleNotCovered: '所选人员中有 {n} 人在 {day} 不在保，不能出具证明',
      nobodyCovered: '{day} 该保单没有在保人员',
      notInForce: '只有保障中的保单可以出具在保证明',
      codeRequired: '请输入校验码',
      issued: '在保证明已出具',
      revoked: '在保证明已作废',
      alreadyRevoked: '该在保证明已作废',
      verifyTooMany: '查询过于频繁，请 {seconds} 秒后再试',
    },
  },
  en: {
    cover: {
      orderRequired: 'Choose a policy',
      idRequired: 'Choose a certificate',
      requestIdInvalid: 'The request id is invalid; reload the page and try again',
      dayInvalid: 'Enter a valid date (YYYY-MM-DD)',
      dayOutside: 'The certificate date must be within the policy period ({start} to {end})',
      peopleInvalid: 'The selection of insured people is invalid',
      peopleNotCovered: '{n} of the people chosen are not covered on {day}; no certificate can show them',
      nobodyCovered: 'Nobody is covered by this policy on {day}',
      notInForce: 'Only a policy in force can have a proof of cover',
      codeRequired: 'Enter the check code',
      issued: 'Proof of cover issued',
      revoked: 'Proof of cover revoked',
      alreadyRevoked: 'This proof of cover has already been revoked',
      verifyTooMany: 'Too many checks from your network; please try again in {seconds} seconds',
    },
  },
};
