import { describe, expect, test } from 'bun:test';
import { CHAR_POOL, glyphs } from './glyphs';
import { drawCaptcha, drawSvg, HEIGHT, layout, secureRandom, TARGETS, WIDTH } from './render';

describe('captcha drawing', () => {
  test('every pool character has a real outline from the npm font (no system font)', () => {
    const map = glyphs();
    expect(map.size).toBe([...CHAR_POOL].length);
    expect(map.size).toBeGreaterThanOrEqual(200);
    for (const [char, g] of map) {
      expect(g.d, char).toMatch(/^M[-\d.]+ [-\d.]+/);
      expect(g.d, char).not.toContain('NaN');
      // centred on (0, 0), about 80–100 units tall
      expect(g.halfHeight, char).toBeGreaterThan(30);
      expect(g.halfHeight, char).toBeLessThanOrEqual(50);
    }
  });

  test('layouts: 4–6 distinct items, 3–4 characters and 1–2 icons, inside the image, hit boxes apart', () => {
    for (let n = 0; n < 300; n++) {
      const items = layout(secureRandom);
      expect(items.length).toBeGreaterThanOrEqual(4);
      expect(items.length).toBeLessThanOrEqual(6);
      expect(new Set(items.map((i) => i.label)).size).toBe(items.length);
      const icons = items.filter((i) => '★♥▲◆'.includes(i.label)).length;
      expect(icons).toBeGreaterThanOrEqual(1);
      expect(icons).toBeLessThanOrEqual(2);
      for (const a of items) {
        expect(a.cx - a.half).toBeGreaterThanOrEqual(0);
        expect(a.cy - a.half).toBeGreaterThanOrEqual(0);
        expect(a.cx + a.half).toBeLessThanOrEqual(WIDTH);
        expect(a.cy + a.half).toBeLessThanOrEqual(HEIGHT);
        expect(Math.abs(a.rotate)).toBeLessThanOrEqual(25);
        for (const b of items) {
          if (a === b) continue;
          const apart = Math.abs(a.cx - b.cx) >= a.half + b.half || Math.abs(a.cy - b.cy) >= a.half + b.half;
          expect(apart).toBe(true);
        }
      }
    }
  });

  test('the SVG has paths only (no <text>) and the PNG is the image size', () => {
    const svg = drawSvg(secureRandom, layout(secureRandom));
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('NaN');
    const { png, targets, items } = drawCaptcha();
    expect(targets).toHaveLength(TARGETS);
    expect(new Set(targets).size).toBe(TARGETS);
    expect(targets.every((i) => i >= 0 && i < items.length)).toBe(true);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([WIDTH, HEIGHT]);
  });

  test('drawing is fast once the font is loaded', () => {
    drawCaptcha();
    const start = performance.now();
    for (let i = 0; i < 10; i++) drawCaptcha();
    const perImage = (performance.now() - start) / 10;
    // Measured ~6–12 ms on the 2-core box; the bound only catches a gross regression.
    expect(perImage).toBeLessThan(150);
  });
});
