/**
 * Texts of the roster reconciliation page (/user/endorse/reconcile, issue #31 item 3) and its link
 * on the policy page, per language. A table of its own beside the area's main one.
 */
import { defineTexts } from '~/lib/texts';

const zh = {
  title: '与人员名单核对',
  action: '与人员名单核对',
  back: '返回保单',
  lead: '上传人事部门最新的在职人员名单，系统会与保单 {no} 在 {date} 的在保人员逐一核对：离职未减员、入职未加保、身份证号相同但信息不一致的人员会分别列出，勾选后一键生成批改草稿。',
  format: '名单格式与导入模板相同：姓名、身份证号、职业类别（职业类别可留空），可带表头，最多 2000 行。',
  template: '下载模板：',
  prompt: '选择或拖入人员名单（CSV 或 XLSX）',
  reading: '正在核对名单…',
  summary: '名单共 {rows} 人：拟减员 {removals} 人，拟加保 {additions} 人，拟更正 {corrections} 人。',
  noChanges: '名单与在保人员一致，无需批改。',
  errorsTitle: '名单有 {count} 行错误，未做核对。请修改后重新上传：',
  row: '第 {row} 行',
  removals: '在保但不在名单中（拟减员）',
  additions: '在名单中但未在保（拟加保）',
  corrections: '身份证号相同但信息不同（拟更正）',
  selectAll: '全选',
  effective: '批改生效日',
  effectiveHint: '减员、加保和更正自该日起生效，最早 {date}。',
  cls: '职业类别',
  classN: '{n} 类',
  chooseClass: '请选择',
  classMissing: '请为勾选的 {count} 名加保人员选择职业类别',
  since: '{date} 起在保',
  fileRow: '名单第 {row} 行',
  nameLabel: '姓名：',
  clsLabel: '职业类别：',
  create: '生成批改草稿（{count} 项）',
  creating: '正在生成…',
  nothingTicked: '请至少勾选一项',
  openExists: '该保单已有未完成的批改，需先完成或撤销后才能生成新的批改草稿。',
  openLink: '查看未完成的批改',
  choosePolicy: '选择要核对的保单',
  noPolicies: '没有可核对的保单：只有在保的按名单承保保单可以与人员名单核对。',
  notFound: '未找到该保单，或您无权查看。',
  notEligible: '只有在保的按名单承保保单可以与人员名单核对。',
  reconcile: '核对',
};

const en: typeof zh = {
  title: 'Reconcile with staff list',
  action: 'Reconcile with staff list',
  back: 'Back to policy',
  lead: "Upload HR's current staff list and it is compared, person by person, with who policy {no} covers on {date}: leavers still insured, joiners not yet insured and people whose details differ under the same ID number are listed; tick what to take and it becomes an endorsement draft.",
  format:
    "The list has the import template's columns: name, ID number, occupation class (the class may be left empty); a header row is fine; up to 2,000 rows.",
  template: 'Template:',
  prompt: 'Choose or drop the staff list (CSV or XLSX)',
  reading: 'Comparing the list…',
  summary: 'The list has {rows} people: {removals} to remove, {additions} to add, {corrections} to correct.',
  noChanges: 'The list matches the roster: nothing to change.',
  errorsTitle: '{count} rows of the list have errors, so nothing was compared. Fix them and upload the list again:',
  row: 'Row {row}',
  removals: 'Insured but not on the list (remove)',
  additions: 'On the list but not insured (add)',
  corrections: 'Same ID number, different details (correct)',
  selectAll: 'Select all',
  effective: 'Effective from',
  effectiveHint: 'Removals, additions and corrections take effect from this day; the earliest is {date}.',
  cls: 'Occupation class',
  classN: 'Class {n}',
  chooseClass: 'Choose',
  classMissing: 'Choose an occupation class for the {count} ticked people to add',
  since: 'insured since {date}',
  fileRow: 'list row {row}',
  nameLabel: 'Name: ',
  clsLabel: 'Class: ',
  create: 'Create endorsement draft ({count})',
  creating: 'Creating…',
  nothingTicked: 'Tick at least one change',
  openExists: 'This policy has an open endorsement: finish or cancel it before a new draft can be made.',
  openLink: 'Open the endorsement',
  choosePolicy: 'Choose the policy to reconcile',
  noPolicies: 'Nothing to reconcile: only named-list policies in force can be compared with a staff list.',
  notFound: 'Policy not found, or you may not see it.',
  notEligible: 'Only named-list policies in force can be compared with a staff list.',
  reconcile: 'Reconcile',
};

export type ReconcileText = typeof zh;

/** The reconciliation page's texts in a language. */
export const reconcileText = defineTexts('endorse-reconcile', { 'zh-cn': zh, en });
