/**
 * Left from decision 0011 for the one file that still calls it (src/islands/order-actions.tsx,
 * being changed on another branch; unwrapping it re-indents the whole component):
 * `island(name, Component)` returns the component unchanged. Client components are ordinary
 * `'use client'` React components that Waku hydrates with the rest of the page (decision 0012).
 * Remove this file once order-actions.tsx exports its components directly.
 */
import type { ComponentType } from 'react';

export function island<P extends object, C extends ComponentType<P>>(_name: string, Component: C): C {
  return Component;
}
