/**
 * Tells the server the browser's time zone (cookie `ba-tz`) so dates and greetings rendered on
 * the server match the member's clock (spec §9); until then the site's zone is used. Called by the
 * browser runtime (src/ui/client-runtime.tsx).
 */
export function syncTimeZoneCookie(): void {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!tz) return;
  const current = document.cookie.match(/(?:^|;\s*)ba-tz=([^;]*)/)?.[1];
  if (current && decodeURIComponent(current) === tz) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a readable preference cookie the server also reads; Cookie Store API is not in every browser we serve
  document.cookie = `ba-tz=${encodeURIComponent(tz)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
