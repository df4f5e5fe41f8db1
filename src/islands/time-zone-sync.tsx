'use client';
/** Sets the `ba-tz` cookie once hydrated (src/lib/time-zone-cookie.ts). Renders nothing. */
import { useEffect } from 'react';
import { syncTimeZoneCookie } from '~/lib/time-zone-cookie';

export function TimeZoneSync() {
  useEffect(syncTimeZoneCookie, []);
  return null;
}
