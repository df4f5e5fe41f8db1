/** Cookie helpers for the language and theme switches (browser only). */
const YEAR = 60 * 60 * 24 * 365;

export function setPrefCookie(name: 'ba-lang' | 'ba-theme', value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}
