'use client';
/**
 * A static region in the browser: an element whose inner HTML the server rendered once
 * (src/ui/static-region.tsx). On the first page load the RSC payload carries only a
 * token: the HTML render takes the markup from the server-side hand-off, and hydration reads it
 * back from the DOM, so the markup is not sent twice. On client navigation the payload carries
 * the markup itself. React never renders or hydrates inside it.
 */
import { createElement, useState } from 'react';
import { takeHandOff } from '~/lib/static-html/handoff';

export interface StaticHtmlProps {
  /** Unique in the document: `data-static` attribute the browser finds the server's markup by. */
  id: string;
  /** The region's element (default `div`). */
  as?: 'div' | 'aside' | 'nav' | 'section' | 'details' | 'ul' | 'form';
  /** The markup (client navigation), or a hand-off token (the first HTML render). */
  html?: string;
  token?: string;
  attrs?: Record<string, string>;
}

function initialMarkup(id: string, html: string | undefined, token: string | undefined): string {
  if (html !== undefined) return html;
  if (typeof document === 'undefined') return token ? (takeHandOff(token) ?? '') : '';
  return document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML ?? '';
}

export function StaticHtml({ id, as = 'div', html, token, attrs }: StaticHtmlProps) {
  const [first] = useState(() => initialMarkup(id, html, token));
  return createElement(as, { ...attrs, 'data-static': id, dangerouslySetInnerHTML: { __html: html ?? first } });
}
