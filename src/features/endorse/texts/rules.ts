/**
 * The insurer rules' words (issue #31): each rule's name, and the sentence a failed check says with
 * its params. One source for the dry run's checklist (texts) and the submission's 400 (messages.ts).
 */
export const ruleZh = {
  names: {
    lead_time: '生效日期提前量',
    min_headcount: '最低在保人数',
    high_class_share: '5–6 类职业占比上限',
    open_claim: '有未结理赔的人员不得减保',
    duplicate: '同一人不得重复',
    age_window: '年龄范围',
    class_allowed: '承保职业类别',
    already_covered: '已在其他保单承保',
  },
  pass: {
    lead_time: '生效日期不早于 {date}（今天之后 {days} 天）',
    min_headcount: '批改后在保 {after} 人，不少于 {min} 人',
    high_class_share: '批改后 5–6 类职业占 {share}%，不超过 {max}%',
    open_claim: '减保人员均无未结理赔',
    duplicate: '没有重复的人员',
    age_window: '新增人员均在 {min}–{max} 岁之间',
    class_allowed: '职业类别均在承保范围内',
    already_covered: '新增人员未在本公司其他同类保单中承保',
  },
  fail: {
    lead_time: '生效日期最早为 {date}（今天之后 {days} 天）',
    min_headcount: '批改后在保人数为 {after} 人，少于保险公司要求的 {min} 人',
    high_class_share: '批改后 5–6 类职业人员占比 {share}%，超过 {max}%',
    open_claim: '{names} 有未结案的理赔，不能减保',
    duplicate: '{names} 在本次批改中重复出现或已在保',
    age_window: '{names} 的年龄不在 {min}–{max} 岁之间',
    class_allowed: '{names} 的职业类别不在本方案承保范围内',
    already_covered: '{names} 已在保单 {policies} 中承保（同类产品）',
  },
};

export const ruleEn: typeof ruleZh = {
  names: {
    lead_time: 'Lead time before the effective date',
    min_headcount: 'Minimum headcount',
    high_class_share: 'Share of classes 5–6',
    open_claim: 'No removal with an open claim',
    duplicate: 'No person twice',
    age_window: 'Age window',
    class_allowed: 'Classes covered',
    already_covered: 'Already covered elsewhere',
  },
  pass: {
    lead_time: "Effective on {date} or later (the plan's lead time)",
    min_headcount: '{after} people insured afterwards, at least {min}',
    high_class_share: 'Classes 5–6 are {share}% afterwards, at most {max}%',
    open_claim: 'Nobody removed has an open claim',
    duplicate: 'Nobody appears twice',
    age_window: 'Everyone added is aged {min}–{max}',
    class_allowed: 'Every class is covered by the plan',
    already_covered: 'Nobody added is covered by another policy of this kind in your company',
  },
  fail: {
    lead_time: "The effective date must be {date} or later (the plan's lead time)",
    min_headcount: 'Only {after} people would stay insured; the insurer requires at least {min}',
    high_class_share: 'People in classes 5–6 would be {share}% of the roster, above {max}%',
    open_claim: '{names}: open claim, cannot be removed',
    duplicate: '{names}: appears twice in this endorsement or is already insured',
    age_window: '{names}: outside the age window {min}–{max}',
    class_allowed: '{names}: occupation class not covered by this plan',
    already_covered: '{names}: already covered by policy {policies} (same product type)',
  },
};
