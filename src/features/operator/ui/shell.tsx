/**
 * The frame of every console page, on the one page frame (`~/ui/page-frame`): document title and
 * heading in the request's language, the API's 403 text for members without the page rule, and
 * the outcome of the last form post (`done=` / `fail=` in the URL, set by the API's 303 answer to
 * a plain form post).
 */
import type { ReactNode } from 'react';
import { Notice } from '~/ui/notice';
import { PageFrame } from '~/ui/page-frame';
import { apiMessage } from '~/features/_shared/messages';
import type { Locale } from '~/lib/types';
import type { PortalView } from '~/server/portal';
import { getRequestContext, type Session } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { type OperatorText, operatorText } from '../texts';
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
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  const clean = new URLSearchParams(query ?? '');
  clean.delete('done');
  clean.delete('fail');
  clean.delete('field');
  const qs = clean.toString();
  const here = `/user/operator/${page}${qs ? `?${qs}` : ''}`;
  const refusal = (locale: Locale) => (
    <Notice kind="danger" title={apiMessage(locale, 'forbidden')} role="alert">
      <p>{apiMessage(locale, 'forbidden')}</p>
    </Notice>
  );
  return (
    <PageFrame
      page={`user/operator/${page}`}
      title={({ view }) => operatorText(view.locale).titles[page]}
      refused={(_gate, { view }) => refusal(view.locale)}
      wrap={(body) => <div className="op-page">{body}</div>}
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return refusal(view.locale);
        const tx = operatorText(view.locale);
        const ctx: ConsoleContext = {
          view,
          tx,
          locale: view.locale,
          session,
          params,
          here,
          can: (rule) => hasExplicitRule(getDb(), session, rule),
        };
        return (
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
      }}
    />
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
