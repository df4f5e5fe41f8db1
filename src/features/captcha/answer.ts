/**
 * The secret half of a captcha, as stored, and the check of an `info` string against it.
 * Pure functions; nothing here touches the database or HTTP.
 */
import { CAPTCHA_INFO_PATTERN } from './schemas';

/** What the server keeps: the image size and each target's box (centre, half side), in click order. */
export interface StoredAnswer {
  w: number;
  h: number;
  boxes: [cx: number, cy: number, half: number][];
}

export interface Clicks {
  points: { x: number; y: number }[];
  width: number;
  height: number;
}

/** `x1,y1-x2,y2;renderedWidth;renderedHeight` → numbers, or null when it is not in that format. */
export function parseInfo(info: string): Clicks | null {
  if (!CAPTCHA_INFO_PATTERN.test(info)) return null;
  const [list, w, h] = info.split(';');
  const width = Number(w);
  const height = Number(h);
  if (!(width > 0 && height > 0)) return null;
  const points = list.split('-').map((pair) => {
    const [x, y] = pair.split(',').map(Number);
    return { x, y };
  });
  return { points, width, height };
}

/**
 * Whether the clicks solve the answer: as many clicks as targets, each (scaled from the rendered
 * size to the image's own size) inside its target's box, in order.
 */
export function solves(answer: StoredAnswer, info: string): boolean {
  const clicks = parseInfo(info);
  if (!clicks || clicks.points.length !== answer.boxes.length) return false;
  const sx = answer.w / clicks.width;
  const sy = answer.h / clicks.height;
  return answer.boxes.every(([cx, cy, half], i) => {
    const p = clicks.points[i];
    return Math.abs(p.x * sx - cx) <= half && Math.abs(p.y * sy - cy) <= half;
  });
}

/** The `info` that solves an answer at the image's own size (test mode only). */
export function solution(answer: StoredAnswer): string {
  return `${answer.boxes.map(([cx, cy]) => `${cx},${cy}`).join('-')};${answer.w};${answer.h}`;
}

/** The stored answer read back; null for a row that is not one (never trusted blindly). */
export function readAnswer(text: string): StoredAnswer | null {
  try {
    const a = JSON.parse(text) as StoredAnswer;
    const ok =
      a.w > 0 && a.h > 0 && Array.isArray(a.boxes) && a.boxes.every((b) => Array.isArray(b) && b.length === 3 && b.every(Number.isFinite));
    return ok ? a : null;
  } catch {
    return null;
  }
}
