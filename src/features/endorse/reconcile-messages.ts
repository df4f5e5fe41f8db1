/** Messages of the roster reconciliation and its monthly reminder (issue #31, item 3), merged into the API's table. */
export default {
  'zh-cn': {
    endorse: {
      reconciled: '已根据人员名单创建批改草稿',
      reconcileFile: '请上传人员名单文件（CSV 或 XLSX）',
      reconcileIdTwice: '身份证号与第 {row} 行重复',
      reconcileTooMany: '名单最多 {max} 行，多出的行未读取',
      reconcileSame: '该人员信息与名单一致，无需更正',
      reconcileNothing: '请至少勾选一项调整',
      reconcileInvalid: '勾选的调整项格式不正确',
    },
    notify: {
      roster_reminder: {
        title: '请核对本月在职人员名单',
        body: '您按名单承保的在保保单：{policies}。上传人事部门最新的在职人员名单，即可找出离职未减员、入职未加保和信息不一致的人员，勾选后一键生成批改。',
      },
    },
  },
  en: {
    endorse: {
      reconciled: 'Endorsement draft created from the staff list',
      reconcileFile: 'Upload the staff list (CSV or XLSX)',
      reconcileIdTwice: 'Same ID number as row {row}',
      reconcileTooMany: 'A list may have at most {max} rows; the rest were not read',
      reconcileSame: "The person's details already match the list",
      reconcileNothing: 'Tick at least one change',
      reconcileInvalid: 'The ticked changes are not in a valid form',
    },
    notify: {
      roster_reminder: {
        title: 'Time to check your staff list',
        body: "Named-list policies in force: {policies}. Upload HR's current staff list to find leavers still insured, joiners not yet insured and details that differ, then turn the ticked changes into an endorsement.",
      },
    },
  },
};
