/**
 * The checks an uploaded seal image must pass: a real PNG with an alpha channel, 200–2000 px a
 * side, aspect 0.8–1.25, at most 1 MB, and at least 15 % of its pixels transparent (a seal
 * photographed on paper has a white background and would cover the document).
 */
import { decode, hasPngSignature } from 'fast-png';

export const SEAL_PNG_LIMITS = {
  minSide: 200,
  maxSide: 2000,
  minAspect: 0.8,
  maxAspect: 1.25,
  maxBytes: 1024 * 1024,
  minTransparent: 0.15,
};

export type SealPngProblem = 'notPng' | 'unfit';

/** null when the bytes make a usable seal image, else why not. */
export function checkSealPng(bytes: Uint8Array): SealPngProblem | null {
  if (!hasPngSignature(bytes)) return 'notPng';
  const L = SEAL_PNG_LIMITS;
  if (bytes.byteLength > L.maxBytes) return 'unfit';
  let png: ReturnType<typeof decode>;
  try {
    png = decode(bytes);
  } catch {
    return 'unfit';
  }
  const { width, height } = png;
  if (width < L.minSide || height < L.minSide || width > L.maxSide || height > L.maxSide) return 'unfit';
  const aspect = width / height;
  if (aspect < L.minAspect || aspect > L.maxAspect) return 'unfit';
  // Alpha comes as a channel (grey+alpha, RGBA) or, for palette images, a tRNS table.
  const hasAlphaChannel = png.channels === 2 || png.channels === 4;
  const paletteAlpha = png.palette && png.transparency ? png.transparency : null;
  if (!hasAlphaChannel && !paletteAlpha) return 'unfit';
  const total = width * height;
  const max = png.depth === 16 ? 65535 : 255;
  let clear = 0;
  if (hasAlphaChannel) {
    const ch = png.channels;
    for (let i = ch - 1; i < png.data.length; i += ch) if (png.data[i] <= max * 0.1) clear++;
  } else if (paletteAlpha) {
    for (let i = 0; i < png.data.length; i++) if ((paletteAlpha[png.data[i]] ?? 255) <= 25) clear++;
  }
  return clear / total >= L.minTransparent ? null : 'unfit';
}
