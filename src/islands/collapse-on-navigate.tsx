'use client';
/**
 * Closes the mobile drawer / header menu (checkbox toggles) and open dropdowns
 * (`<details data-autoclose>`) after each client navigation (spec §2: the member-centre
 * menu collapses after navigation). Also closes dropdowns on Escape and outside clicks.
 * Renders nothing; no props.
 */
import { useEffect } from 'react';
import { useRouter } from 'waku/router/client';

function collapseAll(except?: Element | null) {
  for (const el of document.querySelectorAll<HTMLInputElement>('input[data-collapse]')) el.checked = false;
  for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-autoclose][open]')) {
    if (d !== except) d.open = false;
  }
}

export function CollapseOnNavigate() {
  const { path } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the trigger: collapse after every navigation
  useEffect(() => {
    collapseAll();
  }, [path]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = document.querySelector<HTMLDetailsElement>('details[data-autoclose][open]');
      collapseAll();
      open?.querySelector('summary')?.focus();
    };
    const onClick = (e: MouseEvent) => {
      const inside = (e.target as Element | null)?.closest?.('details[data-autoclose]');
      for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-autoclose][open]')) {
        if (d !== inside) d.open = false;
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return null;
}
