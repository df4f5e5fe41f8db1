/**
 * Hand-off of static-region HTML from the RSC render to the HTML render of the same request
 * (both run in this process, in different module graphs, hence `globalThis`). The RSC payload
 * inlined into the page then carries a short token instead of the markup, which the browser
 * reads back from the DOM it already has (docs/decisions/0008-static-regions.md).
 */
interface Entry {
  html: string;
  at: number;
}

const KEY = Symbol.for('member-portal.static-html');
/** Entries a failed HTML render never took are dropped after this long. */
const MAX_AGE_MS = 60_000;

function store(): Map<string, Entry> {
  const g = globalThis as { [KEY]?: Map<string, Entry> };
  g[KEY] ??= new Map();
  return g[KEY];
}

/** Keeps `html` for the HTML render of this request; returns the token that fetches it once. */
export function handOff(html: string, now = Date.now()): string {
  const s = store();
  if (s.size > 256) for (const [k, e] of s) if (now - e.at > MAX_AGE_MS) s.delete(k);
  const token = crypto.randomUUID();
  s.set(token, { html, at: now });
  return token;
}

/** The markup handed off under `token`, removed on reading; null when unknown or already taken. */
export function takeHandOff(token: string): string | null {
  const s = store();
  const e = s.get(token);
  if (!e) return null;
  s.delete(token);
  return e.html;
}

/** How many hand-offs are waiting (tests). */
export const pendingHandOffs = (): number => store().size;
