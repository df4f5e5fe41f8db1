/** Operator console (issue #14): members, groups, the rule tree, site settings and the audit log. */
export { type AuditItem, type AuditNames, auditNames, exportAuditCsv, listAuditLog } from './audit-log';
export { type Actor, assertConsoleReachable, CONSOLE_RULES } from './common';
export { seedOperatorDemo } from './demo';
export { createOperator, createOperatorSchema } from './first-operator';
export { deleteGroup, groupDetail, listGroups, saveGroup } from './groups';
export { adjustMember, listMembers, memberDetail, revokeMemberSessions, setMemberGroup, setMemberStatus } from './members';
export { deleteRule, saveRule, sortRules } from './rule-edits';
export { APP_PATHS, previewMenus, ruleTree } from './rules';
export { operatorRouter } from './router';
export { getSettings, saveSettings, storageModes } from './settings';
export { SETTINGS, settingDef } from './settings-schema';
export { type QueueName, QUEUES, queueHref, queueOf, type WaitingWork, waitingWork, waitingWorkTag } from './waiting-work';
