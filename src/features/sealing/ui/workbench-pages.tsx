/**
 * The seal workbench's pages: a thumbnail per page (up to MAX_THUMBS) showing where the seal goes.
 * A click places a stamp; a stamp is dragged, or selected and moved with the arrow keys (Shift for
 * bigger steps) and removed with Delete. The every-page and cross-page (骑缝章) seals are previews only.
 */
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { interpolate } from '~/lib/interpolate';
import { clampToPage, type PageSize, sealRadius } from '~/lib/seal-placement';
import type { WorkbenchSeal, WorkbenchText } from './workbench';

/** What the API found in the uploaded PDF. */
export interface Inspect {
  pages: number;
  page_sizes: PageSize[];
}

/** A placed seal: its centre as fractions of page `page` (1-based). */
export interface Stamp {
  page: number;
  x: number;
  y: number;
}

/** Where the every-page seal goes, and the height of the cross-page strip. */
export const EVERY = { x: 0.78, y: 0.86 };
export const CROSS_Y = 0.5;
const MAX_THUMBS = 60;
// A4 and a 40 mm seal, for a page the API gave no size for and a workbench without seals.
const A4: PageSize = { w: 595, h: 842 };
const DIAMETER_MM = 40;

const pointAt = (e: { clientX: number; clientY: number }, el: HTMLElement) => {
  const box = el.getBoundingClientRect();
  return { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
};

/** The pages with their stamps; the stamps and the selected one are the workbench's, `onStamps` changes them. */
export function SealPages({
  fileId,
  info,
  seal,
  stamps,
  onStamps,
  selected,
  setSelected,
  everyPage,
  crossPage,
  text,
}: {
  fileId: number | undefined;
  info: Inspect;
  seal: WorkbenchSeal | undefined;
  stamps: Stamp[];
  onStamps: (update: (list: Stamp[]) => Stamp[]) => void;
  selected: number | null;
  setSelected: (index: number | null) => void;
  everyPage: boolean;
  crossPage: boolean;
  text: WorkbenchText;
}) {
  const drag = useRef<{ index: number; el: HTMLElement } | null>(null);

  const radius = (page: number) => sealRadius(info.page_sizes[page - 1] ?? A4, seal?.diameter_mm ?? DIAMETER_MM);
  const clampTo = (page: number, x: number, y: number) => ({ page, ...clampToPage(x, y, radius(page)) });

  const addStamp = (page: number, e: PointerEvent<HTMLDivElement>) => {
    if (drag.current || (e.target as HTMLElement).closest('.seal-stamp')) return;
    const p = pointAt(e, e.currentTarget);
    onStamps((list) => {
      setSelected(list.length);
      return [...list, clampTo(page, p.x, p.y)];
    });
  };
  const move = (index: number, x: number, y: number) => {
    onStamps((list) => list.map((s, i) => (i === index ? clampTo(s.page, x, y) : s)));
  };
  const onStampKey = (index: number, e: KeyboardEvent<HTMLButtonElement>) => {
    const s = stamps[index];
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[e.key]) {
      e.preventDefault();
      move(index, s.x + moves[e.key][0], s.y + moves[e.key][1]);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onStamps((list) => list.filter((_, i) => i !== index));
      setSelected(null);
    }
  };

  const sealImg = seal ? `/userapi/v1/seal/image?id=${seal.id}` : '';
  const thumbs = Math.min(info.pages, MAX_THUMBS);
  return (
    <div className="seal-pages">
      {Array.from({ length: thumbs }, (_, i) => {
        const page = i + 1;
        const size = info.page_sizes[i];
        const { rx } = radius(page);
        const k = info.pages;
        return (
          <div
            key={page}
            className="seal-page"
            data-page={page}
            style={{ aspectRatio: `${size.w} / ${size.h}` }}
            onPointerUp={(e) => addStamp(page, e)}
            onPointerMove={(e) => {
              const d = drag.current;
              if (!d) return;
              const p = pointAt(e, e.currentTarget);
              move(d.index, p.x, p.y);
            }}
          >
            <img
              className="seal-page-img"
              src={`/userapi/v1/seal/file/preview?file_id=${fileId}&page=${page}&width=400`}
              alt={`${page}`}
              loading="lazy"
            />
            <span className="seal-page-no">{page}</span>
            {everyPage ? (
              <span
                className="seal-stamp"
                style={{
                  left: `${EVERY.x * 100}%`,
                  top: `${EVERY.y * 100}%`,
                  width: `${rx * 200}%`,
                  aspectRatio: '1',
                  pointerEvents: 'none',
                }}
              >
                <img src={sealImg} alt="" />
              </span>
            ) : null}
            {crossPage && k >= 2 ? (
              <span
                className="seal-cross"
                style={{
                  top: `${CROSS_Y * 100}%`,
                  width: `${(rx * 200) / Math.min(k, 20)}%`,
                  aspectRatio: `${1 / Math.min(k, 20)}`,
                }}
              >
                <img
                  src={sealImg}
                  alt=""
                  style={{ right: `${-100 * (Math.min(k, 20) - 1 - (i % 20))}%`, width: `${Math.min(k, 20) * 100}%` }}
                />
              </span>
            ) : null}
            {stamps.map((s, index) =>
              s.page === page ? (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: stamps have no id; their order is their identity
                  key={index}
                  type="button"
                  className="seal-stamp"
                  aria-pressed={selected === index}
                  aria-label={interpolate(text.stampLabel, { page })}
                  title={text.removeStamp}
                  style={{ left: `${s.x * 100}%`, top: `${s.y * 100}%`, width: `${rx * 200}%`, aspectRatio: '1' }}
                  onFocus={() => setSelected(index)}
                  onKeyDown={(e) => onStampKey(index, e)}
                  onPointerDown={(e) => {
                    e.stopPropagation();
                    setSelected(index);
                    const el = (e.currentTarget.parentElement ?? e.currentTarget) as HTMLElement;
                    drag.current = { index, el };
                    e.currentTarget.setPointerCapture(e.pointerId);
                  }}
                  onPointerMove={(e) => {
                    const d = drag.current;
                    if (!d) return;
                    const p = pointAt(e, d.el);
                    move(d.index, p.x, p.y);
                  }}
                  onPointerUp={(e) => {
                    e.stopPropagation();
                    drag.current = null;
                  }}
                >
                  <img src={sealImg} alt="" />
                </button>
              ) : null,
            )}
          </div>
        );
      })}
    </div>
  );
}
