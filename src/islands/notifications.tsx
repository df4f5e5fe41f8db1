'use client';
/** Toast notifications and the global loading indicator (placeholder; see issue 3). */
export function Notifications() {
  return null;
}
