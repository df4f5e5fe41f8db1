'use client';
/**
 * Closes the mobile drawer / header menu (checkbox toggles) and open dropdowns
 * (`<details data-autoclose>`) after each client navigation (spec §2: the member-centre
 * menu collapses after navigation). Also closes dropdowns on Escape and outside clicks
 * (src/lib/dropdowns.ts). Renders nothing; no props.
 */
import { useEffect } from 'react';
import { useRouter } from 'waku/router/client';
import { collapseAll, installDropdownAutoclose } from '~/lib/dropdowns';

export function CollapseOnNavigate() {
  const { path } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the trigger: collapse after every navigation
  useEffect(() => {
    collapseAll(document);
  }, [path]);
  useEffect(() => installDropdownAutoclose(document), []);
  return null;
}
