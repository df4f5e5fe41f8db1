/**
 * Every HTML document on its way out (decision 0011): it loses what only Waku's client would use —
 * the `<link rel=modulepreload>` tags, Waku's bootstrap script and the inline RSC payload scripts —
 * and gets the page script in its head and, before `</body>`, one script per island file whose
 * boundaries (`<portal-island data-island="…">`, src/lib/islands/island.tsx) it contains and one
 * per behaviour its markup names (`data-behaviour="…"`, src/lib/islands/behaviours.ts), each
 * with the chunks it imports as modulepreloads. The browser thus loads no React and no router,
 * and only the islands the page shows.
 *
 * The body is scanned as it streams: in React's HTML `<script` only starts a script element (text
 * and attributes escape `<`), and inside a script `</script>` is escaped, so a script element is
 * found whole once its end arrived; an unfinished one waits for the next chunk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '~/server/render/static-markup';

/** One script and the chunks it imports (scripts/build-client.ts writes them). */
export interface ClientScript {
  src: string;
  deps: string[];
}
export interface ClientManifest {
  /** The page script, on every page. */
  page: ClientScript;
  /** By island file name (src/islands/<name>.tsx). */
  islands: Record<string, ClientScript>;
  /** By behaviour name (src/behaviours/<name>.ts). */
  behaviours: Record<string, ClientScript>;
}

const HYDRATION_LINK = /<link\b[^>]*\brel="modulepreload"[^>]*>|<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")[^>]*>/g;
/** Waku's bootstrap (React's bootstrapScriptContent, id `_R_`) and rsc-html-stream's payload chunks. */
const HYDRATION_SCRIPT = /^<script(?:\s+nonce="[^"]*")?(?:\s+id="_R_">|>\(self\.__FLIGHT_DATA\|\|=\[\]\)\.push\()/;
/**
 * An island boundary's opening tag (React writes the attributes in prop order; the name is
 * `<file>` or `<file>/<Export>`) or a behaviour's attribute. The name must be complete: a chunk
 * ending inside it must not count its first letters as another island's name.
 */
const USES = /<portal-island data-island="([\w-]+)["/]|\sdata-behaviour="([\w-]+)"/g;
const SCRIPT_START = '<script';
const SCRIPT_END = '</script>';
const BODY_END = '</body>';
/** Longest head accepted before giving up and passing the document through unchanged. */
const MAX_HEAD = 64 * 1024;
/** A boundary's opening tag up to its name is shorter than this; kept to find one split between chunks. */
const CARRY = 64;

const preload = (href: string) => `<link rel="modulepreload" href="${escapeHtml(href)}">`;
const script = (src: string) => `<script type="module" src="${escapeHtml(src)}"></script>`;

/** The tags that load `scripts` and their chunks, each chunk once (`loaded` is updated). */
export function scriptTags(scripts: ClientScript[], loaded: Set<string>): string {
  let preloads = '';
  let tags = '';
  for (const s of scripts) {
    for (const dep of s.deps) {
      if (loaded.has(dep)) continue;
      loaded.add(dep);
      preloads += preload(dep);
    }
    if (loaded.has(s.src)) continue;
    loaded.add(s.src);
    tags += script(s.src);
  }
  return preloads + tags;
}

/**
 * How many characters at the end of `text` could begin `<script` or `</body>` (held back until
 * the next chunk shows). Never a whole marker: `</body>` must reach `emit` in one piece.
 */
function partialMarker(text: string): number {
  for (let n = Math.min(text.length, BODY_END.length - 1); n > 0; n--) {
    const tail = text.slice(-n);
    if (SCRIPT_START.startsWith(tail) || BODY_END.startsWith(tail)) return n;
  }
  return 0;
}

/** `body` with the island-page treatment (see the module comment). */
export function islandPageBody(body: ReadableStream<Uint8Array>, manifest: ClientManifest): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let mode: 'head' | 'body' | 'pass' = 'head';
  const raw: Uint8Array[] = [];
  let text = '';
  let carry = '';
  let ended = false;
  const islands = new Set<string>();
  const behaviours = new Set<string>();
  const loaded = new Set<string>();

  const islandTags = () =>
    scriptTags(
      [
        ...[...behaviours].flatMap((name) => manifest.behaviours[name] ?? []),
        ...[...islands].flatMap((name) => manifest.islands[name] ?? []),
      ],
      loaded,
    );

  /** Emits `out` after noting its boundaries; the island scripts go in before `</body>`. */
  const emit = (ctl: TransformStreamDefaultController<Uint8Array>, out: string) => {
    if (!out) return;
    const seen = carry + out;
    for (const m of seen.matchAll(USES)) {
      if (m[1]) islands.add(m[1]);
      else behaviours.add(m[2]);
    }
    carry = seen.slice(-CARRY);
    if (!ended) {
      const end = out.indexOf(BODY_END);
      if (end >= 0) {
        ended = true;
        out = out.slice(0, end) + islandTags() + out.slice(end);
      }
    }
    ctl.enqueue(encoder.encode(out));
  };

  /** Emits `text` up to its last complete script element, dropping Waku's; keeps the rest. */
  const drain = (ctl: TransformStreamDefaultController<Uint8Array>, final: boolean) => {
    let out = '';
    for (;;) {
      const start = text.indexOf(SCRIPT_START);
      if (start < 0) {
        // A chunk may end inside `<script` or `</body>`: hold back what could be its beginning.
        const keep = final ? 0 : partialMarker(text);
        out += text.slice(0, text.length - keep);
        text = text.slice(text.length - keep);
        break;
      }
      const end = text.indexOf(SCRIPT_END, start);
      if (end < 0) {
        out += text.slice(0, start);
        text = text.slice(start);
        if (final) {
          out += text;
          text = '';
        }
        break;
      }
      const element = text.slice(start, end + SCRIPT_END.length);
      out += text.slice(0, start) + (HYDRATION_SCRIPT.test(element) ? '' : element);
      text = text.slice(end + SCRIPT_END.length);
    }
    emit(ctl, out);
    if (final && !ended) {
      ended = true;
      const tags = islandTags();
      if (tags) ctl.enqueue(encoder.encode(tags));
    }
  };

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        if (mode === 'pass') return ctl.enqueue(chunk);
        text += decoder.decode(chunk, { stream: true });
        if (mode === 'head') {
          raw.push(chunk);
          const end = text.indexOf('</head>');
          if (end < 0 && text.length < MAX_HEAD) return;
          if (end < 0) {
            mode = 'pass';
            for (const c of raw.splice(0)) ctl.enqueue(c);
            text = '';
            return;
          }
          mode = 'body';
          raw.length = 0;
          const head = text.slice(0, end).replace(HYDRATION_LINK, '') + scriptTags([manifest.page], loaded);
          ctl.enqueue(encoder.encode(head));
          text = text.slice(end);
        }
        drain(ctl, false);
      },
      flush(ctl) {
        if (mode === 'head') {
          for (const c of raw) ctl.enqueue(c);
          return;
        }
        if (mode === 'body') {
          text += decoder.decode();
          drain(ctl, true);
        }
      },
    }),
  );
}

/** Applies `islandPageBody` to an HTML response; anything else is returned as it is. */
export function islandPageResponse(res: Response, manifest: ClientManifest | null): Response {
  if (!manifest || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(islandPageBody(res.body, manifest), { status: res.status, statusText: res.statusText, headers });
}

/** Where the build puts the manifest (scripts/post-build.ts). */
export const CLIENT_MANIFEST_FILE = 'client-manifest.json';

/** The build's client manifest (`dist/client-manifest.json`), or null when there is none. */
export function readClientManifest(distDir = join(process.cwd(), 'dist')): ClientManifest | null {
  const file = join(distDir, CLIENT_MANIFEST_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ClientManifest;
}

/** Where the page's speculation rules are served (`Speculation-Rules` header on every page). */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * In-app links (`a[data-nav]`) are fetched ahead when the pointer rests on one (or presses it):
 * the browser's own prefetch, so the next document is often there when the click comes. Only
 * same-origin page links qualify; forms (sign-out, writes) and downloads never do.
 */
export const SPECULATION_RULES = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { selector_matches: 'a[data-nav]' },
          { not: { selector_matches: '[data-menu-type="unknown"], [download], [target="_blank"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
} as const;

const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);

/** The rules document for a GET of its path (its own MIME type, or browsers ignore it); else null. */
export function serveSpeculationRules(req: Request): Response | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (url.slice(start).split('?')[0] !== SPECULATION_RULES_PATH) return null;
  return new Response(req.method === 'HEAD' ? null : SPECULATION_RULES_JSON, {
    headers: { 'content-type': 'application/speculationrules+json', 'cache-control': 'public, max-age=3600' },
  });
}
