export default {
  title: '批改申请',
  summary: '对在保团体保单加人、减人、替换人员或更正信息；加人按剩余天数补缴保费，减人按比例退费到余额。',
} as const;
