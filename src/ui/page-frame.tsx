/**
 * The one page frame of the member centre (decision 0014): the document title, the heading with
 * its actions, and the page gate's notices — login without a member, 403 for a page the member's
 * group lacks — in front of the page body. Every member-centre and operator page renders through
 * it; the areas' former frames (MemberPage, ClaimPage, OrderFrame, the console shell) are this.
 *
 * The heading is the member's menu entry for the page (the rule's title as the operator set it),
 * else `title(ctx)`, else the page bundle's `title`, else the common route title.
 */
import type { ReactNode } from 'react';
import { Notice } from './notice';
import { NotAvailable } from './not-available';
import { type PageContext, pageContext } from './page-context';
import { PageTitle } from './page-title';
import { menuTitleFor } from '~/lib/member-centre';
import { type PageGate, pageGate } from './page-gate';

export type { PageContext };

export interface PageFrameProps {
  /** Page key = route path without the leading slash, e.g. `user/claim/detail`. */
  page: string;
  /** The heading when the member's menu has no entry for the page (default: bundle / route title). */
  title?: (ctx: PageContext) => string;
  /** The page's business content is not built yet: show the shared notice. */
  notBuilt?: boolean;
  /** Content, given the page context (only called when the gate lets the member in). */
  render?: (ctx: PageContext) => ReactNode | Promise<ReactNode>;
  /** Optional actions at the right of the heading (only when the gate lets the member in). */
  actions?: (ctx: PageContext) => ReactNode;
  /** Hide the visible heading (the title still goes to <title>). */
  bare?: boolean;
  /** Replace the gate's notice (the operator console shows the API's 403 text). */
  refused?: (gate: Exclude<PageGate, 'open'>, ctx: PageContext) => ReactNode;
  /** Wrap the body (not the heading), e.g. `<div className="op-page">`. */
  wrap?: (body: ReactNode) => ReactNode;
}

/** The page title: the menu entry, else `title`, else the bundle's `title`, else the route title. */
export function frameTitle(ctx: PageContext, page: string, title?: (ctx: PageContext) => string): string {
  const fromRule = menuTitleFor(ctx.view.centre, `/${page}`);
  if (fromRule) return fromRule;
  if (title) return title(ctx);
  return ctx.t.has('title') ? ctx.t('title') : ctx.t(['route', `/${page}`]);
}

/** The gate's notice for a member who may not see the page. */
export function GateNotice({ gate, page, ctx }: { gate: Exclude<PageGate, 'open'>; page: string; ctx: PageContext }) {
  const { t } = ctx;
  if (gate === 'forbidden') {
    return (
      <Notice kind="danger" title={t('notice.forbiddenTitle')} role="alert">
        <p>{t('notice.forbidden')}</p>
        <p className="muted">{t('notice.forbiddenBody')}</p>
      </Notice>
    );
  }
  // The auth middleware normally answers first; never render member data without a member.
  return (
    <Notice kind="warning" title={t('nav.login')} role="alert">
      <p>
        <a href={`/user/login?to=${encodeURIComponent(`/${page}`)}`}>{t('nav.login')}</a>
      </p>
    </Notice>
  );
}

export async function PageFrame({ page, title, notBuilt = false, render, actions, bare = false, refused, wrap }: PageFrameProps) {
  const ctx = await pageContext(page);
  const { view, t } = ctx;
  const heading = frameTitle(ctx, page, title);
  const gate = pageGate(view);
  let body: ReactNode;
  if (gate !== 'open') {
    body = refused ? refused(gate, ctx) : <GateNotice gate={gate} page={page} ctx={ctx} />;
  } else if (notBuilt) {
    body = <NotAvailable t={t} summary={t.has('summary') ? t('summary') : undefined} />;
  } else {
    body = render ? await render(ctx) : null;
  }
  return (
    <>
      <PageTitle page={heading} siteName={view.site.siteName} />
      {bare ? null : (
        <div className="page-head">
          <h1 className="page-title">{heading}</h1>
          {actions && gate === 'open' ? <div className="page-actions">{actions(ctx)}</div> : null}
        </div>
      )}
      {wrap ? wrap(body) : body}
    </>
  );
}
