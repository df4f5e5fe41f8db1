/**
 * The frame of the claim pages (member and operator): like MemberPage (title, heading, the one
 * 403 notice for a page the member's group lacks) but with the claim pages' own titles, since the
 * detail and operator pages have no page bundle of their own.
 */
import { menuTitleFor } from '~/lib/member-centre';
import '../styles/claims.css';
import type { ReactNode } from 'react';
import { claimText } from './claim-text';
import { Notice } from './notice';
import { type PageContext, pageContext } from './page-context';
import { PageTitle } from './page-title';

export type ClaimPageContext = PageContext & { c: ReturnType<typeof claimText> };

export interface ClaimPageProps {
  /** Page key = route path without the leading slash, e.g. `user/claim/detail`. */
  page: string;
  title: (c: ReturnType<typeof claimText>) => string;
  render: (ctx: ClaimPageContext) => ReactNode;
  actions?: (ctx: ClaimPageContext) => ReactNode;
}

export async function ClaimPage({ page, title, render, actions }: ClaimPageProps) {
  const ctx = await pageContext(page);
  const { view, t } = ctx;
  const c = claimText(view.locale);
  const full: ClaimPageContext = { ...ctx, c };
  const heading = menuTitleFor(view.centre, `/${page}`) ?? title(c);
  let body: ReactNode;
  if (view.forbidden) {
    body = (
      <Notice kind="danger" title={t('notice.forbiddenTitle')} role="alert">
        <p>{t('notice.forbidden')}</p>
        <p className="muted">{t('notice.forbiddenBody')}</p>
      </Notice>
    );
  } else if (!view.user) {
    body = (
      <Notice kind="warning" title={t('nav.login')} role="alert">
        <p>
          <a href={`/user/login?to=${encodeURIComponent(`/${page}`)}`}>{t('nav.login')}</a>
        </p>
      </Notice>
    );
  } else {
    body = await render(full);
  }
  return (
    <>
      <PageTitle page={heading} siteName={view.site.siteName} />
      <div className="page-head">
        <h1 className="page-title">{heading}</h1>
        {actions && !view.forbidden && view.user ? <div className="page-actions">{actions(full)}</div> : null}
      </div>
      {body}
    </>
  );
}
