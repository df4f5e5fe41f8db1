/**
 * The browser half of island boundaries (src/lib/islands/island.tsx): every island script the
 * page loads (one per src/islands file, built by scripts/build-client.ts) calls
 * `hydrateIslands(module)`, which hydrates the page's boundaries of that module's components.
 *
 * React here is Preact's compat layer (the client build aliases `react` to it): ~11 kB gzip
 * instead of React DOM's ~66 kB, and the islands are plain hook components it runs unchanged.
 */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandComponent, IslandScopeContext } from './island';
import { pageSettled } from './ready';
import { ISLAND_TAG } from './tag';

/** Hydrates the top-level boundaries of `mod`'s island components in `doc`; returns how many. */
export function hydrateIslands(mod: Record<string, unknown>, doc: Document = document): number {
  const byName = new Map<string, IslandComponent<object>>();
  for (const value of Object.values(mod)) {
    const meta = (value as Partial<IslandComponent<object>> | null)?.island;
    if (meta?.name) byName.set(meta.name, value as IslandComponent<object>);
  }
  let count = 0;
  for (const el of doc.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island]`)) {
    const island = byName.get(el.dataset.island ?? '');
    // Nested boundaries belong to the island around them; hydrated ones stay as they are.
    if (!island || el.dataset.hydrated !== undefined || el.parentElement?.closest(ISLAND_TAG)) continue;
    const props = JSON.parse(el.dataset.props || '{}') as object;
    const scope = { uid: el.dataset.uid ?? '', next: 0 };
    hydrateRoot(el, createElement(IslandScopeContext.Provider, { value: scope }, createElement(island.island.Component, props)));
    el.dataset.hydrated = '';
    count++;
  }
  pageSettled(doc);
  return count;
}
