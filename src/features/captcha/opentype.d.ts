/** The few parts of opentype.js (2.0, ships no types) that the captcha's glyph loader uses. */
declare module 'opentype.js' {
  export interface BoundingBox {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  /** One outline command (y grows downwards, as in SVG). */
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  export interface Path {
    commands: PathCommand[];
    getBoundingBox(): BoundingBox;
  }
  export interface Glyph {
    getPath(x?: number, y?: number, fontSize?: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(char: string): number;
    charToGlyph(char: string): Glyph;
  }
  /** Parses a TrueType/OpenType/WOFF font (not WOFF2). */
  export function parse(buffer: ArrayBuffer): Font;
}
