export default {
  title: '文件签章',
  summary: '在员工名单、批改申请、理赔表格等 PDF 上加盖企业电子印章，每份文件附带可校验的指纹。',
} as const;
