'use client';
/** Navigation runtime: update checks, chunk-load recovery, scroll behaviour (placeholder; see issue 3). */
export function ClientRuntime() {
  return null;
}
