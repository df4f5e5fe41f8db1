/**
 * Outlines of the captcha's characters, taken once from a CJK font that ships in an npm package
 * (`@fontsource/noto-sans-sc`, SIL OFL 1.1), so the image needs no system font and no SVG <text>.
 *
 * Google Fonts slices Noto Sans SC by frequency; slices 117 and 118 (about 35 KB each as WOFF)
 * hold the most common characters, and the pool below is drawn from them. Loading parses the two
 * files and turns each pool character into SVG path data centred on (0, 0) at size 100.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse, type Font, type Path } from 'opentype.js';

/** About 250 common characters, none trivially simple, none easily mistaken for another. */
export const CHAR_POOL = [
  '不专业为主产令以们会位体作你信全公关其内出分到制前加务动化区友发可号司合同名后告和品回国图在地备外多好如学安定实客家对市平年',
  '广度开式当录微心性息情意成我户所技报接推提收数文方无时明是更最服本机权来果次正治法注活热片版物特现理生用电登相看知社科站等类系',
  '线经美者联能自行表要视论话说请资过还这进通道部金长门问间面页题首高东两乐事交京代件价传使保做元光免共具利别助包北华单南原反台员',
  '商四场城声复头字完官容将就展布常应建影得快总想感打投持排支放教料星期术条查标样格案欢气水求流海消清游源然爱百直真码种程空立章第',
].join('');

const FONT_PACKAGE = '@fontsource/noto-sans-sc';
const FONT_FILES = ['noto-sans-sc-117-700-normal.woff', 'noto-sans-sc-118-700-normal.woff'];

/** A character's outline: SVG path data of the glyph drawn 100 units tall, centred on its box. */
export interface GlyphShape {
  d: string;
  /** Half of the glyph's drawn width and height at size 100. */
  halfWidth: number;
  halfHeight: number;
}

function fontDirectory(): string {
  try {
    // The package exports its LICENSE; the font files sit beside it.
    return join(dirname(createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/LICENSE`)), 'files');
  } catch {
    return join(process.cwd(), 'node_modules', FONT_PACKAGE, 'files');
  }
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * SVG path data from the outline's commands, one decimal. (opentype.js's own toPathData
 * "optimises" some outlines into broken shapes and flips them by default.)
 */
function pathData(path: Path): string {
  let d = '';
  for (const c of path.commands) {
    if (c.type === 'M' || c.type === 'L') d += `${c.type}${fmt(c.x)} ${fmt(c.y)}`;
    else if (c.type === 'Q') d += `Q${fmt(c.x1)} ${fmt(c.y1)} ${fmt(c.x)} ${fmt(c.y)}`;
    else if (c.type === 'C') d += `C${fmt(c.x1)} ${fmt(c.y1)} ${fmt(c.x2)} ${fmt(c.y2)} ${fmt(c.x)} ${fmt(c.y)}`;
    else d += 'Z';
  }
  return d;
}

function outline(font: Font, char: string): GlyphShape {
  const box = font.charToGlyph(char).getPath(0, 0, 100).getBoundingBox();
  const cx = (box.x1 + box.x2) / 2;
  const cy = (box.y1 + box.y2) / 2;
  const d = pathData(font.charToGlyph(char).getPath(-cx, -cy, 100));
  return { d, halfWidth: (box.x2 - box.x1) / 2, halfHeight: (box.y2 - box.y1) / 2 };
}

let cache: Map<string, GlyphShape> | undefined;

/**
 * The pool's outlines (parsed on first use, then kept). A character that no loaded font has is
 * left out, so the pool can only shrink, never draw an empty box.
 */
export function glyphs(): Map<string, GlyphShape> {
  if (cache) return cache;
  const dir = fontDirectory();
  const fonts = FONT_FILES.map((file) => {
    const bytes = readFileSync(join(dir, file));
    return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  });
  const map = new Map<string, GlyphShape>();
  for (const char of CHAR_POOL) {
    const font = fonts.find((f) => f.charToGlyphIndex(char) > 0);
    if (font) map.set(char, outline(font, char));
  }
  cache = map;
  return map;
}
