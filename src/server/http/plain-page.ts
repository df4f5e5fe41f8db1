/**
 * Plain pages (src/components/plain-page.tsx) on the way out: an HTML document whose <head> holds
 * the plain-page marker loses what only React's hydration uses — the `<link rel=modulepreload>`
 * tags, Waku's bootstrap script and the inline RSC payload scripts — and gets the plain-page
 * script instead. Every other response passes through: the document's head is read (decoded)
 * until `</head>`, then the original bytes go on untouched.
 *
 * The body is scanned as it streams: in React's HTML `<script` only starts a script element (text
 * and attributes escape `<`), and inside a script `</script>` is escaped, so a script element is
 * found whole once its end arrived; an unfinished one waits for the next chunk.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const MARKER = /<meta\b[^>]*\bname="portal-page"[^>]*\bcontent="plain"/;
const HYDRATION_LINK = /<link\b[^>]*\brel="modulepreload"[^>]*>|<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")[^>]*>/g;
/** Waku's bootstrap (React's bootstrapScriptContent, id `_R_`) and rsc-html-stream's payload chunks. */
const HYDRATION_SCRIPT = /^<script(?:\s+nonce="[^"]*")?(?:\s+id="_R_">|>\(self\.__FLIGHT_DATA\|\|=\[\]\)\.push\()/;
const SCRIPT_END = '</script>';
/** Longest head accepted before giving up and passing the document through unchanged. */
const MAX_HEAD = 64 * 1024;

/** `body` with the plain-page treatment when its head carries the marker; otherwise the same bytes. */
export function plainPageBody(body: ReadableStream<Uint8Array>, scriptUrl: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let mode: 'head' | 'plain' | 'pass' = 'head';
  const raw: Uint8Array[] = [];
  let text = '';

  /** Emits `text` up to its last complete script element, dropping React's; keeps the rest. */
  const drain = (ctl: TransformStreamDefaultController<Uint8Array>, final: boolean) => {
    let out = '';
    for (;;) {
      const start = text.indexOf('<script');
      if (start < 0) {
        // A chunk may end inside `<script`: hold back what could be its beginning.
        const keep = final ? 0 : Math.min(text.length, '<script'.length - 1);
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
    if (out) ctl.enqueue(encoder.encode(out));
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
          if (end < 0 || !MARKER.test(text.slice(0, end))) {
            mode = 'pass';
            for (const c of raw.splice(0)) ctl.enqueue(c);
            text = '';
            return;
          }
          mode = 'plain';
          raw.length = 0;
          const head = `${text.slice(0, end).replace(HYDRATION_LINK, '')}<script type="module" src="${scriptUrl}"></script>`;
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
        if (mode === 'plain') {
          text += decoder.decode();
          drain(ctl, true);
        }
      },
    }),
  );
}

/** Applies `plainPageBody` to an HTML response; anything else is returned as it is. */
export function plainPageResponse(res: Response, scriptUrl: string | null): Response {
  if (!scriptUrl || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(plainPageBody(res.body, scriptUrl), { status: res.status, statusText: res.statusText, headers });
}

/**
 * URL of the plain-page script: the built `/assets/plain-page-<hash>.js` (scripts/post-build.ts),
 * or the source file that Vite serves under `waku dev`; null when a build has none.
 */
export function plainPageScriptUrl(dev: boolean, publicDir = join(process.cwd(), 'dist', 'public')): string | null {
  if (dev) return '/src/lib/plain-page/index.ts';
  try {
    const name = readdirSync(join(publicDir, 'assets')).find((n) => /^plain-page-[\w-]+\.js$/.test(n));
    return name ? `/assets/${name}` : null;
  } catch {
    return null;
  }
}
