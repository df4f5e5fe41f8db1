'use client';
/**
 * Folds a list's filter form behind a "Filter" button on a phone (#29): the button says how many
 * filters are set, and the set ones show as chips (label: value) that clear themselves when tapped.
 * On a wide screen the bar is hidden and the form always shows (CSS: `.filter-fold`). The form
 * works without this component; it only adds the fold.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface FilterFoldProps {
  /** "Filter" / "筛选". */
  label: string;
  /** "Remove filter {name}" / "移除筛选条件{name}" — the chip's accessible name. */
  removeLabel: string;
  children: ReactNode;
}

interface Chip {
  name: string;
  label: string;
  value: string;
}

/** The fields of `form` that hold a value other than their default, with their labels. */
function activeChips(form: HTMLFormElement): Chip[] {
  const chips: Chip[] = [];
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name || el.name === 'limit' || el.name === 'page')
      continue;
    if (el instanceof HTMLInputElement && (el.type === 'hidden' || el.type === 'submit')) {
      // A kit DateField keeps its ISO day in a hidden input; its visible text field has the label.
      if (el.type !== 'hidden' || !el.closest('.date-field')) continue;
    }
    const value = el.value.trim();
    if (!value) continue;
    if (el instanceof HTMLSelectElement && el.selectedIndex <= 0 && el.options[0]?.value === '') continue;
    const field = el.closest('.field');
    const label = field?.querySelector('label')?.textContent?.trim() ?? el.name;
    const shown =
      el instanceof HTMLSelectElement
        ? (el.selectedOptions[0]?.textContent?.trim() ?? value)
        : el.closest('.date-field')
          ? (el.closest('.date-field')?.querySelector<HTMLInputElement>('.date-field-text')?.value ?? value)
          : value;
    chips.push({ name: el.name, label, value: shown });
  }
  return chips;
}

export function FilterFold({ label, removeLabel, children }: FilterFoldProps) {
  const [open, setOpen] = useState(false);
  // Folds only once hydrated: inside a region that never hydrates the form simply stays open.
  const [ready, setReady] = useState(false);
  const [chips, setChips] = useState<Chip[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  // The chips are what the page was filtered by: read once the form is in the document.
  useEffect(() => {
    const form = box.current?.querySelector('form');
    if (form) setChips(activeChips(form));
    setReady(true);
  }, []);

  function remove(name: string) {
    const form = box.current?.querySelector('form');
    if (!form) return;
    const url = new URL(form.action, location.href);
    const data = new FormData(form);
    for (const [key, value] of data) if (key !== name && key !== 'page' && String(value)) url.searchParams.set(key, String(value));
    location.assign(url.pathname + url.search);
  }

  return (
    <div ref={box} className="filter-fold" data-folding={ready || undefined} data-open={open || undefined}>
      <div className="filter-fold-bar">
        <button
          type="button"
          className="btn btn-ghost btn-sm filter-fold-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 5h16l-6 7v6l-4 2v-8z" />
          </svg>
          {label}
          {chips.length ? <span className="filter-fold-count">{chips.length}</span> : null}
        </button>
        {chips.length ? (
          <ul className="filter-fold-chips">
            {chips.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  className="filter-chip"
                  aria-label={removeLabel.replace('{name}', `${c.label}: ${c.value}`)}
                  onClick={() => remove(c.name)}
                >
                  <span className="filter-chip-label">{c.label}</span>
                  <span className="filter-chip-value">{c.value}</span>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div id={id} className="filter-fold-body">
        {children}
      </div>
    </div>
  );
}
