/**
 * Drawing a click captcha: 3–4 Chinese characters and 1–2 icons at random places that do not
 * overlap, slightly rotated, over a noisy background; an SVG of paths only, rasterised to PNG by
 * resvg (a Rust renderer shipped as a prebuilt npm binary; no system fonts are loaded).
 */
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import { glyphs } from './glyphs';

// Loaded at run time from node_modules, never bundled: the build cannot pack its native binary.
const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;

export const WIDTH = 350;
export const HEIGHT = 200;
/** How many of the drawn items the member must click, in order. */
export const TARGETS = 3;

/** A random number in [0, 1). */
export type Random = () => number;

const buffer = new Uint32Array(64);
let left = 0;
/** Unpredictable randomness (the positions are the secret), drawn 64 values at a time. */
export const secureRandom: Random = () => {
  if (left === 0) {
    crypto.getRandomValues(buffer);
    left = buffer.length;
  }
  left -= 1;
  return buffer[left] / 2 ** 32;
};

/** Icons drawn as vector shapes at size 100 around (0, 0); the label is what the prompt shows. */
const ICONS: { label: string; d: string }[] = [
  { label: '★', d: 'M0,-50L11.8,-16.2L47.6,-15.5L19,6.2L29.4,40.5L0,20L-29.4,40.5L-19,6.2L-47.6,-15.5L-11.8,-16.2Z' },
  {
    label: '♥',
    d: 'M0,42C-30,20-50,2-50,-20C-50,-38-36,-46-24,-46C-12,-46-4,-38 0,-30C4,-38 12,-46 24,-46C36,-46 50,-38 50,-20C50,2 30,20 0,42Z',
  },
  { label: '▲', d: 'M0,-46L48,40L-48,40Z' },
  { label: '◆', d: 'M0,-50L38,0L0,50L-38,0Z' },
];

/** One drawn item and its hit box: the centre and the half side of a square, in image pixels. */
export interface Item {
  label: string;
  d: string;
  cx: number;
  cy: number;
  /** Drawn size in pixels (the shape is 100 units tall). */
  size: number;
  rotate: number;
  half: number;
}

export interface Drawn {
  items: Item[];
  /** Indexes into `items`, in click order. */
  targets: number[];
  png: Uint8Array;
}

const between = (rnd: Random, lo: number, hi: number) => lo + rnd() * (hi - lo);

function shuffle<T>(rnd: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Distinct shapes: 3–4 characters from the pool and 1–2 icons, in random order. */
function chooseShapes(rnd: Random): { label: string; d: string; icon: boolean }[] {
  const pool = [...glyphs()];
  const chars = shuffle(rnd, pool).slice(0, 3 + Math.floor(rnd() * 2));
  const icons = shuffle(rnd, [...ICONS]).slice(0, 1 + Math.floor(rnd() * 2));
  return shuffle(rnd, [...chars.map(([label, g]) => ({ label, d: g.d, icon: false })), ...icons.map((i) => ({ ...i, icon: true }))]);
}

/**
 * Places the shapes so that no two hit boxes overlap (with a gap) and every box lies inside the
 * image. Rejection sampling: a layout that gets stuck starts over.
 */
export function layout(rnd: Random): Item[] {
  const GAP = 6;
  for (;;) {
    const items: Item[] = [];
    for (const shape of chooseShapes(rnd)) {
      const size = shape.icon ? between(rnd, 36, 44) : between(rnd, 40, 50);
      // The box covers the shape at any rotation up to ±25° with a little room for the finger.
      const half = Math.round(size * 0.62);
      let placed = false;
      for (let tries = 0; tries < 200 && !placed; tries++) {
        const cx = Math.round(between(rnd, half + 2, WIDTH - half - 2));
        const cy = Math.round(between(rnd, half + 2, HEIGHT - half - 2));
        const clear = items.every((o) => Math.abs(o.cx - cx) >= o.half + half + GAP || Math.abs(o.cy - cy) >= o.half + half + GAP);
        if (!clear) continue;
        items.push({ label: shape.label, d: shape.d, cx, cy, size, rotate: between(rnd, -25, 25), half });
        placed = true;
      }
      if (!placed) break;
    }
    if (items.length >= 4 && items.length === new Set(items.map((i) => i.label)).size) return items;
  }
}

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%,${a.toFixed(2)})`;

function noise(rnd: Random, count: number, dark: boolean): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x1, y1, x2, y2] = [between(rnd, -20, WIDTH), between(rnd, 0, HEIGHT), between(rnd, 0, WIDTH + 20), between(rnd, 0, HEIGHT)];
    const [qx, qy] = [between(rnd, 0, WIDTH), between(rnd, -40, HEIGHT + 40)];
    const colour = dark ? hsl(rnd() * 360, 45, 35, between(rnd, 0.25, 0.45)) : hsl(rnd() * 360, 60, 70, between(rnd, 0.3, 0.6));
    out += `<path d="M${x1.toFixed(1)},${y1.toFixed(1)}Q${qx.toFixed(1)},${qy.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}" stroke="${colour}" stroke-width="${between(rnd, 1, dark ? 2 : 5).toFixed(1)}" fill="none"/>`;
  }
  return out;
}

/** The SVG source of one captcha image (paths only). */
export function drawSvg(rnd: Random, items: Item[]): string {
  const hue = rnd() * 360;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`;
  svg += `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 92)}"/><stop offset="1" stop-color="${hsl(hue + 60 + rnd() * 120, 50, 88)}"/></linearGradient></defs>`;
  svg += `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`;
  for (let i = 0; i < 8; i++) {
    svg += `<circle cx="${between(rnd, 0, WIDTH).toFixed(1)}" cy="${between(rnd, 0, HEIGHT).toFixed(1)}" r="${between(rnd, 10, 45).toFixed(1)}" fill="${hsl(rnd() * 360, 60, 80, 0.35)}"/>`;
  }
  svg += noise(rnd, 6, false);
  for (let i = 0; i < 60; i++) {
    svg += `<circle cx="${between(rnd, 0, WIDTH).toFixed(1)}" cy="${between(rnd, 0, HEIGHT).toFixed(1)}" r="${between(rnd, 0.6, 1.8).toFixed(1)}" fill="${hsl(rnd() * 360, 40, 40, 0.5)}"/>`;
  }
  for (const item of items) {
    const fill = hsl(rnd() * 360, between(rnd, 45, 70), between(rnd, 22, 38), between(rnd, 0.8, 0.95));
    const transform = `translate(${item.cx} ${item.cy}) rotate(${item.rotate.toFixed(1)}) scale(${(item.size / 100).toFixed(3)})`;
    svg += `<path transform="${transform}" d="${item.d}" fill="${fill}" stroke="${hsl(rnd() * 360, 30, 96, 0.7)}" stroke-width="3"/>`;
  }
  svg += noise(rnd, 3, true);
  return `${svg}</svg>`;
}

/** SVG → PNG bytes, at the SVG's own size. */
export function rasterise(svg: string): Uint8Array {
  const png = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** A new image: the items (with their hit boxes), which of them to click in order, and the PNG. */
export function drawCaptcha(rnd: Random = secureRandom): Drawn {
  const items = layout(rnd);
  const targets = shuffle(
    rnd,
    items.map((_, i) => i),
  ).slice(0, TARGETS);
  return { items, targets, png: rasterise(drawSvg(rnd, items)) };
}
