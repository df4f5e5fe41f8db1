export default {
  title: '理赔列表',
  summary: '为被保险人报案、上传理赔材料，并跟踪理赔进度直至赔款到账。',
} as const;
