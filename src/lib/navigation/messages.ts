/**
 * The navigation runtime's visible texts, in both languages (spec §8). Kept beside the code
 * that shows them; the page chooses the language (`<html lang>`).
 */
export type NavLocale = 'zh-cn' | 'en';

const MESSAGES = {
  en: {
    pageNotFound: 'Page Not Found: {fullPath}',
    menuTypeUnrecognized: 'Navigation failed, the menu type is unrecognized!',
    unsafeProtocol: 'Navigation refused: the address uses an unsafe protocol.',
    externalNotAllowed: 'Navigation refused: external addresses must be opened explicitly.',
  },
  'zh-cn': {
    pageNotFound: '页面不存在：{fullPath}',
    menuTypeUnrecognized: '导航失败，菜单类型无法识别！',
    unsafeProtocol: '已拒绝导航：该地址使用了不安全的协议。',
    externalNotAllowed: '已拒绝导航：外部地址需要明确允许才能打开。',
  },
} as const;

export type NavMessageKey = keyof (typeof MESSAGES)['en'];

export function navMessage(locale: string | null | undefined, key: NavMessageKey, params: Record<string, string> = {}): string {
  const set = locale?.toLowerCase().startsWith('en') ? MESSAGES.en : MESSAGES['zh-cn'];
  return set[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? params[name] : m));
}
