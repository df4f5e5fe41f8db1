/**
 * Every member-centre page renders through MemberPage: it sets the title, shows the heading,
 * and is the single place that refuses a page the member's group lacks (`view.forbidden`).
 */
import { menuTitleFor } from '~/lib/member-centre';
import type { ReactNode } from 'react';
import { pageContext, type PageContext } from './page-context';
import { PageTitle } from './page-title';
import { Notice } from './notice';
import { NotAvailable } from './not-available';

export interface MemberPageProps {
  /** Page key = route path without the leading slash, e.g. `user/order/guzhu`. */
  page: string;
  /** The page's business content is not built yet: show the shared notice. */
  notBuilt?: boolean;
  /** Content, given the page context (only called when the member may see the page). */
  render?: (ctx: PageContext) => ReactNode;
  /** Optional actions at the right of the heading. */
  actions?: (ctx: PageContext) => ReactNode;
  /** Hide the visible heading (the title still goes to <title>). */
  bare?: boolean;
}

/**
 * The page title: the member's menu entry for the page (the rule's title as the operator set it),
 * else the page bundle's `title`, else the common route title (en has no allocation bundle).
 */
export function memberTitle(ctx: PageContext, page: string): string {
  const fromRule = menuTitleFor(ctx.view.centre, `/${page}`);
  if (fromRule) return fromRule;
  return ctx.t.has('title') ? ctx.t('title') : ctx.t(['route', `/${page}`]);
}

export async function MemberPage({ page, notBuilt = false, render, actions, bare = false }: MemberPageProps) {
  const ctx = await pageContext(page);
  const { view, t } = ctx;
  const title = memberTitle(ctx, page);
  const head = bare ? null : (
    <div className="page-head">
      <h1 className="page-title">{title}</h1>
      {actions && !view.forbidden && view.user ? <div className="page-actions">{actions(ctx)}</div> : null}
    </div>
  );
  let body: ReactNode;
  if (view.forbidden) {
    body = (
      <Notice kind="danger" title={t('notice.forbiddenTitle')} role="alert">
        <p>{t('notice.forbidden')}</p>
        <p className="muted">{t('notice.forbiddenBody')}</p>
      </Notice>
    );
  } else if (!view.user) {
    // The auth middleware normally answers first; never render member data without a member.
    body = (
      <Notice kind="warning" title={t('nav.login')} role="alert">
        <p>
          <a href={`/user/login?to=${encodeURIComponent(`/${page}`)}`}>{t('nav.login')}</a>
        </p>
      </Notice>
    );
  } else if (notBuilt) {
    body = <NotAvailable t={t} summary={t.has('summary') ? t('summary') : undefined} />;
  } else {
    body = render ? render(ctx) : null;
  }
  return (
    <>
      <PageTitle page={title} siteName={view.site.siteName} />
      {head}
      {body}
    </>
  );
}
