/**
 * Island boundaries (decision 0011). A `'use client'` component that a server component renders
 * is exported through `island(name, Component)`. On the server the boundary renders
 *
 *   <portal-island data-island="name" data-props="{json}" data-uid="…">…the component's HTML…</portal-island>
 *
 * and the browser hydrates exactly these elements, each on its own, with the component and the
 * props from `data-props` (src/lib/islands/hydrate.ts). Nothing else of the page is hydrated: the
 * page ships no RSC payload and no router, only the islands it shows.
 *
 * - `name` is `<file>` or `<file>/<Export>` of the module in src/islands (the build makes one
 *   script per file; a test checks every name against its file).
 * - Props must be plain JSON (strings, numbers, booleans, null, arrays, plain objects): the
 *   boundary refuses anything else at render time, in every environment, so a Date or a React
 *   element passed from the server fails loudly instead of arriving changed. Callback props
 *   (only client code can pass them: tests, a parent island) are left out.
 * - An island rendered inside another island is part of it (no boundary of its own).
 * - `useIslandId()` replaces React's `useId` inside islands: the id is built from the boundary's
 *   `data-uid` and the hook's order, so the server's HTML and the browser's render agree.
 */
import { type ComponentType, createContext, createElement, type FunctionComponent, useContext, useId, useState } from 'react';
import { ISLAND_TAG } from './tag';

export { ISLAND_TAG };

/** Ids handed out inside one island (server render and hydration walk the tree in the same order). */
export interface IslandScope {
  uid: string;
  next: number;
}

/** Present inside an island: nested boundaries render their component only. */
export const IslandScopeContext = createContext<IslandScope | null>(null);

/** What the browser needs to hydrate a boundary of this component. */
export interface IslandMeta<P> {
  name: string;
  Component: ComponentType<P>;
}

export type IslandComponent<P> = FunctionComponent<P> & { island: IslandMeta<P> };

function plainJson(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw new TypeError(`island prop ${path} is not a finite number`);
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v === undefined) throw new TypeError(`island prop ${path}[${i}] is undefined`);
      plainJson(v, `${path}[${i}]`);
    });
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) plainJson(v, `${path}.${k}`);
    return;
  }
  throw new TypeError(`island prop ${path} is not plain JSON (${Object.prototype.toString.call(value)})`);
}

/** The props as the browser will get them; throws when they are not plain JSON. */
export function serializeIslandProps(name: string, props: object): string {
  try {
    for (const [k, v] of Object.entries(props)) {
      // A callback comes from client code rendering the island (a unit test, a parent island),
      // never from the server (React cannot send functions): it has no place in the browser's copy.
      if (v !== undefined && typeof v !== 'function') plainJson(v, `props.${k}`);
    }
  } catch (err) {
    throw new TypeError(`${name}: ${(err as Error).message}`);
  }
  return JSON.stringify(props, (_key, value) => (typeof value === 'function' ? undefined : value));
}

/** Wraps an island component in its boundary (see the module comment). */
export function island<P extends object>(name: string, Component: ComponentType<P>): IslandComponent<P> {
  function Island(props: P) {
    const scope = useContext(IslandScopeContext);
    const uid = useId();
    const [own] = useState<IslandScope>(() => ({ uid: uid.replace(/[^\w-]/g, ''), next: 0 }));
    if (scope) return createElement(Component, props);
    return createElement(
      ISLAND_TAG,
      { 'data-island': name, 'data-props': serializeIslandProps(name, props), 'data-uid': own.uid },
      createElement(IslandScopeContext.Provider, { value: own }, createElement(Component, props)),
    );
  }
  Island.displayName = `Island(${name})`;
  const wrapped = Island as IslandComponent<P>;
  wrapped.island = { name, Component };
  return wrapped;
}

/**
 * An id for labels and ARIA references inside an island, the same in the server's HTML and after
 * hydration. Outside an island (unit tests render islands bare) it is React's `useId`.
 */
export function useIslandId(): string {
  const scope = useContext(IslandScopeContext);
  const fallback = useId();
  const [id] = useState(() => (scope ? `${scope.uid}-${scope.next++}` : fallback));
  return id;
}
