/**
 * Text with data inside it (#29): the parts of `text` that are `values` — names, notes, numbers a
 * person typed — come out as `<span translate="no">`, so a reader (and the English-page check)
 * tells the portal's words from the member's data. Longer values are matched first.
 *
 *   <DataText text="Your claim CL…1 is now Approved. Note: 材料齐全" values={['CL…1', '材料齐全']} />
 */
import type { ReactNode } from 'react';

export function DataText({ text, values }: { text: string; values: readonly string[] }): ReactNode {
  const wanted = [...new Set(values.filter((v) => v.trim()))].sort((a, b) => b.length - a.length);
  if (!wanted.length) return text;
  const pattern = new RegExp(`(${wanted.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  let at = 0; // each piece's offset in the text: a stable key
  return text.split(pattern).map((piece) => {
    const start = at;
    at += piece.length;
    return wanted.includes(piece) ? (
      <span key={start} translate="no">
        {piece}
      </span>
    ) : (
      piece
    );
  });
}
