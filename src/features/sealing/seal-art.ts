/**
 * The standard red company seal, drawn as SVG and rendered to a transparent PNG with resvg: a
 * 40 mm circle with a 1 mm rim, the company name arched along the top from left to right, a
 * five-pointed star in the centre and an optional line of text under it. Glyphs come from the
 * bundled Noto Serif SC (bold) as outlines (opentype.js), so no system font is needed.
 */
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import * as opentype from 'opentype.js';
import type { Font } from 'opentype.js';

// Node (Playwright's test runner imports this file) sees the CommonJS build, whose exports sit on
// `default`; Bun and the bundler see the ES module's named export.
const parse: typeof opentype.parse = opentype.parse ?? (opentype as unknown as { default: typeof opentype }).default.parse;

/** The red every seal is drawn in (also what the render tests look for). */
export const SEAL_RED = '#d7141a';
const BOLD_FONT = '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf';
/** Pixels per millimetre of the drawn image (40 mm → 480 px). */
const PX_PER_MM = 12;

let fontPromise: Promise<Font> | undefined;

/** The bold CJK font, parsed once per process (~0.2 s). */
export function sealFont(): Promise<Font> {
  fontPromise ??= Bun.file(Bun.resolveSync(BOLD_FONT, import.meta.dir))
    .arrayBuffer()
    .then((buf) => parse(buf));
  return fontPromise;
}

export interface SealArtInput {
  companyName: string;
  innerText?: string;
  diameterMm?: number;
}

/** One glyph's outline, centred on (0, 0), as SVG path data. */
function glyphPath(font: Font, ch: string, size: number): string {
  const glyph = font.charToGlyph(ch);
  const advance = ((glyph.advanceWidth ?? font.unitsPerEm) / font.unitsPerEm) * size;
  // Ideographs sit roughly between -0.12 and 0.88 em around the baseline; centre that box.
  return glyph.getPath(-advance / 2, size * 0.38, size).toPathData(2);
}

function starPoints(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.382;
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The seal as SVG text (size in px: diameter × 12). */
export async function sealSvg(input: SealArtInput): Promise<string> {
  const font = await sealFont();
  const d = (input.diameterMm ?? 40) * PX_PER_MM;
  const mm = d / 40; // proportions follow the 40 mm standard at any size
  const c = d / 2;
  const rim = 1 * mm;
  const R = c - rim / 2 - 0.5 * mm;
  const chars = Array.from(input.companyName.trim());
  const n = Math.max(chars.length, 1);
  const span = Math.min(250, Math.max(70, n * 24)); // degrees of arc the name covers
  const step = n > 1 ? span / (n - 1) : 0;
  const textRadius = R - rim / 2 - 4.4 * mm;
  const size = Math.min(6.6 * mm, ((textRadius * Math.PI * 2 * (span / 360)) / n) * 1.05);
  const parts: string[] = [];
  chars.forEach((ch, i) => {
    const deg = n > 1 ? -span / 2 + i * step : 0;
    const rad = (deg * Math.PI) / 180;
    const x = c + textRadius * Math.sin(rad);
    const y = c - textRadius * Math.cos(rad);
    // Seal characters are narrow and tall: squeeze them horizontally.
    parts.push(
      `<path transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${deg.toFixed(2)}) scale(0.78 1)" d="${glyphPath(font, ch, size)}"/>`,
    );
  });
  const inner = Array.from((input.innerText ?? '').trim());
  if (inner.length) {
    const isize = Math.min(4.6 * mm, (16 * mm) / inner.length / 0.85);
    const total = inner.length * isize * 0.85;
    inner.forEach((ch, i) => {
      const x = c - total / 2 + isize * 0.85 * (i + 0.5);
      parts.push(
        `<path transform="translate(${x.toFixed(2)} ${(c + 10.5 * mm).toFixed(2)}) scale(0.85 1)" d="${glyphPath(font, ch, isize)}"/>`,
      );
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d}" height="${d}" viewBox="0 0 ${d} ${d}">
<g fill="${SEAL_RED}" stroke="none">
<circle cx="${c}" cy="${c}" r="${R}" fill="none" stroke="${SEAL_RED}" stroke-width="${rim}"/>
<polygon points="${starPoints(c, c, 7 * mm)}"/>
${parts.join('\n')}
</g>
</svg>`;
}

// resvg is a native addon: required at run time (as the captcha does) so the app's bundler leaves it
// to Bun instead of trying to bundle the binary.
let resvg: typeof ResvgModule | undefined;

/** The seal as a transparent PNG (480 px for 40 mm). */
export async function drawSealPng(input: SealArtInput): Promise<Uint8Array> {
  const svg = await sealSvg(input);
  resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;
  const { Resvg } = resvg;
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  return new Uint8Array(png);
}
