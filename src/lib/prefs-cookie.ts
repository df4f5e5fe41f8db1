/** The readable preference cookies the server renders by (`ba-lang`, `ba-theme`); browser only. */
const YEAR = 60 * 60 * 24 * 365;

export function setPrefCookie(name: 'ba-lang' | 'ba-theme', value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a readable preference cookie the server also reads; Cookie Store API is not in every browser we serve
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}
