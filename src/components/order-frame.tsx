/**
 * The frame of the order pages (lists, detail, operator pages): title and heading from the order
 * texts, the one 403 notice for a page the member's group lacks, the login hint without a member.
 */
import { menuTitleFor } from '~/lib/member-centre';
import './order-page.css';
import type { ReactNode } from 'react';
import { Notice } from './notice';
import { type OrderTexts, orderText } from './order-text';
import { type PageContext, pageContext } from './page-context';
import { PageTitle } from './page-title';

export type OrderPageContext = PageContext & { o: OrderTexts };

export interface OrderFrameProps {
  /** Page key = route path without the leading slash, e.g. `user/order/guzhu`. */
  page: string;
  title: (o: OrderTexts) => string;
  render: (ctx: OrderPageContext) => ReactNode | Promise<ReactNode>;
  actions?: (ctx: OrderPageContext) => ReactNode;
}

export async function OrderFrame({ page, title, render, actions }: OrderFrameProps) {
  const ctx = await pageContext(page);
  const { view, t } = ctx;
  const o = orderText(view.locale);
  const full: OrderPageContext = { ...ctx, o };
  const heading = menuTitleFor(view.centre, `/${page}`) ?? title(o);
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
