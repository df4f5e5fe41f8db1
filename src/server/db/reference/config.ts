import { DEMO_IFRAME_HOST } from './rules';

/**
 * Default site settings: a missing key is added at every start, an existing one is never
 * overwritten (operators own the values). `signingSecret` is created on demand, not here.
 */
export const DEFAULT_SITE_CONFIG: Record<string, unknown> = {
  siteName: '保险经纪会员中心',
  siteName_en: 'Insurance Broker Member Centre',
  recordNumber: '沪ICP备2026012345号-1',
  version: '1.0.0',
  cdnUrl: '',
  apiUrl: '',
  upload: {
    mode: 'local',
    maxSize: 10 * 1024 * 1024,
    saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
    allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,pdf,xls,xlsx,doc,docx,csv',
    allowedMimeTypes: '',
  },
  openMemberCenter: true,
  /** Login asks for the click captcha (PORTAL_LOGIN_CAPTCHA=0 overrides it for automated tests). */
  userLoginCaptcha: true,
  timezone: 'Asia/Shanghai',
  /** Most sub-accounts one main account may have (team, #12). */
  teamMaxAccounts: 50,
  iframeHosts: [DEMO_IFRAME_HOST],
  seal: { maxPdfBytes: 20 * 1024 * 1024, maxPages: 300 },
};
