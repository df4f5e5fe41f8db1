/**
 * The frame of the endorsement and invoice pages: the kit's PageFrame with a Back link to the list
 * (or the page's own actions), and a body given the member's session, the database and the texts.
 */
import type { ReactNode } from 'react';
import type { Session } from '~/server/context';
import { getRequestContext } from '~/server/context';
import { type Db, getDb } from '~/server/db/client';
import { PageFrame } from '~/ui';
import type { PageContext } from '~/ui/page-context';
import { type EndorseText, endorseText } from '../texts';

export interface EndorseBody extends PageContext {
  session: Session;
  db: Db;
  text: EndorseText;
}

export function EndorseFrame({
  page,
  title,
  back,
  actions,
  render,
}: {
  page: string;
  title?: (text: EndorseText) => string;
  /** The list the Back action leads to (unless `actions` replaces it). */
  back?: string;
  actions?: (ctx: PageContext) => ReactNode;
  render: (body: EndorseBody) => ReactNode | Promise<ReactNode>;
}) {
  return (
    <PageFrame
      page={page}
      title={title ? ({ view }) => title(endorseText(view.locale)) : undefined}
      actions={
        actions ??
        (back
          ? ({ view }) => (
              <a href={back} className="btn btn-ghost">
                {endorseText(view.locale).detail.back}
              </a>
            )
          : undefined)
      }
      render={(ctx) => {
        const session = getRequestContext().session;
        if (!session) return null;
        return render({ ...ctx, session, db: getDb(), text: endorseText(ctx.view.locale) });
      }}
    />
  );
}
