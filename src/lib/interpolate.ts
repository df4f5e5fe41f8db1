/**
 * `{name}` placeholders. A module of its own so that islands take it without the translator
 * (./i18n brings rosetta and the common bundles with it).
 */

/** Replace `{name}` placeholders; unknown names stay as written. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
