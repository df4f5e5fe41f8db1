/**
 * Header dropdowns (`<details data-autoclose>`) and drawer toggles (`<input data-collapse>`) in the
 * browser: Escape closes the open dropdown and gives focus back to its summary, a click outside
 * closes it. Installed by the browser runtime (src/ui/client-runtime.tsx).
 */

/** Unchecks the drawer toggles and closes every open dropdown but `except`. */
export function collapseAll(doc: Document, except?: Element | null): void {
  for (const el of doc.querySelectorAll<HTMLInputElement>('input[data-collapse]')) el.checked = false;
  for (const d of doc.querySelectorAll<HTMLDetailsElement>('details[data-autoclose][open]')) {
    if (d !== except) d.open = false;
  }
}

/** Installs the Escape and outside-click listeners on `doc`; returns the function that removes them. */
export function installDropdownAutoclose(doc: Document): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const open = doc.querySelector<HTMLDetailsElement>('details[data-autoclose][open]');
    collapseAll(doc);
    open?.querySelector('summary')?.focus();
  };
  const onClick = (e: MouseEvent) => {
    const inside = (e.target as Element | null)?.closest?.('details[data-autoclose]');
    for (const d of doc.querySelectorAll<HTMLDetailsElement>('details[data-autoclose][open]')) {
      if (d !== inside) d.open = false;
    }
  };
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('click', onClick);
  return () => {
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('click', onClick);
  };
}
