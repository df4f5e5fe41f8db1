'use client';
/**
 * A static region's element (src/components/static-region.tsx), rendered in the HTML pass only:
 * it has no island boundary, so the browser never hydrates it (decision 0011). The RSC payload
 * carries a token, and this component takes the markup the RSC render handed off for it in the
 * same request (src/lib/static-html/handoff.ts), so the markup does not travel through the
 * payload. On an RSC fetch (never made by the portal's own pages) it gets the markup itself.
 */
import { createElement } from 'react';
import { takeHandOff } from '~/lib/static-html/handoff';

export interface StaticHtmlProps {
  /** Unique in the document: the `data-static` attribute. */
  id: string;
  /** The region's element (default `div`). */
  as?: 'div' | 'aside' | 'nav' | 'section' | 'details' | 'ul' | 'form';
  /** The markup (RSC fetch), or a hand-off token (the HTML render). */
  html?: string;
  token?: string;
  attrs?: Record<string, string>;
}

export function StaticHtml({ id, as = 'div', html, token, attrs }: StaticHtmlProps) {
  const markup = html ?? (token ? (takeHandOff(token) ?? '') : '');
  return createElement(as, { ...attrs, 'data-static': id, dangerouslySetInnerHTML: { __html: markup } });
}
