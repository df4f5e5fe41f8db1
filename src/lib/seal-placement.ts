/**
 * Where a seal may go on a PDF page, in the terms the sealing API takes: centres as fractions of
 * the page from its top-left corner. Isomorphic; the API refuses a seal that leaves the page
 * (fitsOnPage in src/features/sealing/jobs.ts), so the workbench keeps every stamp on it.
 */

const PT_PER_MM = 72 / 25.4;

/** A page's size in PDF points. */
export interface PageSize {
  w: number;
  h: number;
}

/** A round seal's radius as fractions of the page's width (`rx`) and height (`ry`). */
export function sealRadius(size: PageSize, diameterMm: number): { rx: number; ry: number } {
  const r = (diameterMm * PT_PER_MM) / 2;
  return { rx: r / size.w, ry: r / size.h };
}

/** The centre nearest (x, y) at which a seal of radius `r` lies wholly on the page. */
export function clampToPage(x: number, y: number, r: { rx: number; ry: number }): { x: number; y: number } {
  return { x: Math.min(Math.max(x, r.rx), 1 - r.rx), y: Math.min(Math.max(y, r.ry), 1 - r.ry) };
}
