export default {
  title: '个人资料',
  lead: '您在会员中心的基本信息。',
  gender: '性别',
  genders: { 0: '保密', 1: '男', 2: '女' },
  birthday: '生日',
  motto: '个性签名',
  avatar: '头像',
  editNotice: '在线修改资料尚未开放；如需更改，请联系您的客户经理。',
  sessions: {
    title: '登录设备',
    current: '当前设备',
    signedLink: '签名链接',
    unknownDevice: '未知设备',
    meta: 'IP {ip} · 最近活动 {active} · 到期 {expires}',
    revokeOthers: '退出其他所有设备',
  },
} as const;
