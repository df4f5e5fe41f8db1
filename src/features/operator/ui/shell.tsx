/**
 * The frame of every console page: document title and heading in the request's language, the
 * one 403 for members without the page rule, and the outcome of the last form post (`done=` /
 * `fail=` in the URL, set by the API's 303 answer to a plain form post).
 */
import { menuTitleFor } from '~/lib/member-centre';
import type { ReactNode } from 'react';
import { Notice } from '~/ui/notice';
import { pageContext } from '~/ui/page-context';
import { PageTitle } from '~/ui/page-title';
import { apiMessage } from '~/features/_shared/messages';
import type { Locale } from '~/lib/types';
import type { PortalView } from '~/server/portal';
import { getRequestContext, type Session } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { fill, type OperatorText, operatorText } from './text';
import './operator.css';

export type ConsolePage = keyof OperatorText['titles'];

export interface ConsoleContext {
  view: PortalView;
  tx: OperatorText;
  locale: Locale;
  session: Session;
  /** The raw query of the request as an object (single values). */
  params: Record<string, string>;
  /** The current page URL (path + query), for a form's `to`. */
  here: string;
  /** Whether the member's group lists this operator rule (buttons). */
  can: (rule: string) => Promise<boolean>;
}

export async function ConsoleShell({
  page,
  query,
  render,
}: {
  page: ConsolePage;
  query: string;
  render: (ctx: ConsoleContext) => ReactNode | Promise<ReactNode>;
}) {
  const { view } = await pageContext(`user/operator/${page}`);
  const tx = operatorText(view.locale);
  const title = menuTitleFor(view.centre, `/user/operator/${page}`) ?? tx.titles[page];
  const session = getRequestContext().session;
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  const clean = new URLSearchParams(query ?? '');
  clean.delete('done');
  clean.delete('fail');
  clean.delete('field');
  const qs = clean.toString();
  const here = `/user/operator/${page}${qs ? `?${qs}` : ''}`;
  let body: ReactNode;
  if (view.forbidden || !session || !view.user) {
    body = (
      <Notice kind="danger" title={apiMessage(view.locale, 'forbidden')} role="alert">
        <p>{apiMessage(view.locale, 'forbidden')}</p>
      </Notice>
    );
  } else {
    const ctx: ConsoleContext = {
      view,
      tx,
      locale: view.locale,
      session,
      params,
      here,
      can: (rule) => hasExplicitRule(getDb(), session, rule),
    };
    body = (
      <>
        {params.done ? (
          <Notice kind="info" title={tx.done} role="status">
            <p>{apiMessage(view.locale, params.done)}</p>
          </Notice>
        ) : null}
        {params.fail ? (
          <Notice kind="danger" title={tx.failed} role="alert">
            <p>{apiMessage(view.locale, params.fail)}</p>
          </Notice>
        ) : null}
        {await render(ctx)}
      </>
    );
  }
  return (
    <>
      <PageTitle page={title} siteName={view.site.siteName} />
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
      </div>
      <div className="op-page">{body}</div>
    </>
  );
}

/** Prev / page x of y / next as plain links. */
export function Pager({
  tx,
  total,
  page,
  limit,
  href,
}: {
  tx: OperatorText;
  total: number;
  page: number;
  limit: number;
  href: (p: number) => string;
}) {
  if (!total) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="pager" aria-label={tx.pages}>
      {page > 1 ? (
        <a className="btn btn-ghost btn-sm" href={href(Math.min(page - 1, pages))} rel="prev">
          {tx.prev}
        </a>
      ) : (
        <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
          {tx.prev}
        </span>
      )}
      <span className="pager-status">{fill(tx.pageOf, { page, pages })}</span>
      {page < pages ? (
        <a className="btn btn-ghost btn-sm" href={href(page + 1)} rel="next">
          {tx.next}
        </a>
      ) : (
        <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
          {tx.next}
        </span>
      )}
    </nav>
  );
}

/** A URL with `params` merged into `base`'s query (empty values dropped). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 0) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Hidden `to` field: where the API sends the browser back after a plain form post. */
export const BackTo = ({ here }: { here: string }) => <input type="hidden" name="to" value={here} />;
