/**
 * A region of a page rendered to HTML once on the server and never hydrated: for markup without
 * islands that is large and repeated (the member sidebar, list tables). Links inside navigate in
 * the app when they carry `data-nav` (see src/ui/nav-anchor.tsx). See
 * docs/decisions/0008-static-regions.md.
 */
import type { ReactNode } from 'react';
import { StaticHtml, type StaticHtmlProps } from './static-html';
import { handOff } from '~/lib/static-html/handoff';
import { requestStore } from '~/server/context';
import { renderStaticMarkup } from '~/server/render/static-markup';

interface StaticRegionProps {
  id: string;
  as?: StaticHtmlProps['as'];
  className?: string;
  /** Other attributes of the region's element (`aria-label`, `data-testid`, …). */
  attrs?: Record<string, string>;
  children: ReactNode;
}

/** True when this render ends up as an HTML document (not a client navigation's RSC fetch). */
function rendersDocument(): boolean {
  const ctx = requestStore.getStore();
  return Boolean(ctx && !ctx.url.pathname.startsWith('/RSC/'));
}

export function StaticRegion({ id, as, className, attrs, children }: StaticRegionProps) {
  const html = renderStaticMarkup(children);
  const all = className ? { ...attrs, className } : attrs;
  return rendersDocument() ? (
    <StaticHtml id={id} as={as} attrs={all} token={handOff(html)} />
  ) : (
    <StaticHtml id={id} as={as} attrs={all} html={html} />
  );
}
