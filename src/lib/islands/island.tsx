/**
 * Left from decision 0011 while the island files still call it: `island(name, Component)` returns
 * the component unchanged. Client components are ordinary `'use client'` React components that
 * Waku hydrates with the rest of the page (decision 0012); there is no boundary any more.
 */
import { type ComponentType, useId } from 'react';

export function island<P extends object, C extends ComponentType<P>>(_name: string, Component: C): C {
  return Component;
}

/** React's `useId` (ids agree between the server's HTML and hydration). */
export const useIslandId: () => string = useId;
