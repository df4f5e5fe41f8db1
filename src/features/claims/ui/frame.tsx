/**
 * The frame of the two claim record pages (the member's detail, the reviewer's): the kit's
 * PageFrame with a Back link to the list, and a body that reads the claim of `?id=` as that viewer
 * may see it — the RecordMissing notice (404) when it is missing or not visible, else the claim's
 * notifications are marked read and the claim's view shows with the page's own action cards.
 */
import type { ReactNode } from 'react';
import type { Session } from '~/server/context';
import { getRequestContext } from '~/server/context';
import { type Db, getDb } from '~/server/db/client';
import { findRecord, PageFrame, RecordMissing } from '~/ui';
import type { PageContext } from '~/ui/page-context';
import { markReadByLink } from '~/features/notifications';
import { type ClaimDetail, claimDetail } from '../queries';
import type { Locale } from '~/lib/types';
import { visibleUserIds } from '~/server/members';
import { hasExplicitRule } from '~/server/permissions';
import { type ClaimText, claimText } from '../texts';
import { type ClaimFormProps, ClaimForm } from './claim-form';
import { claimFormMessages } from './report-wizard';
import { ClaimDetailView, type ClaimDetailViewProps } from './detail-view';

export interface ClaimRecordBody extends PageContext {
  session: Session;
  db: Db;
  c: ClaimText;
  id: number;
  detail: ClaimDetail;
  /** Whether the claim's state and the viewer allow this action. */
  can: (action: string) => boolean;
  /** A ClaimForm for this claim: its id, the saving label and the validation messages filled in. */
  form: (props: Omit<ClaimFormProps, 'fixed' | 'saving' | 'messages'>) => ReactNode;
}

/** The two record pages: their rule, title, list to go back to, and how each reads the claim. */
const RECORD_PAGES = {
  member: {
    page: 'user/claim/detail',
    title: (c: ClaimText) => c.titles.detail,
    list: '/user/claim/list',
    back: (c: ClaimText) => c.detail.back,
    // The member's (team-visible) claims only; the member's actions.
    load: async (db: Db, session: Session, id: number, locale: Locale) =>
      claimDetail(db, await visibleUserIds(db, session.userId), id, locale, { role: 'member' }),
  },
  operator: {
    page: 'user/operator/claimDetail',
    title: (c: ClaimText) => c.titles.review,
    list: '/user/operator/claims',
    back: (c: ClaimText) => c.operator.back,
    // Any claim; the decisions the reviewer's explicit grants allow.
    load: async (db: Db, session: Session, id: number, locale: Locale) =>
      claimDetail(db, null, id, locale, {
        role: 'operator',
        canReview: await hasExplicitRule(db, session, 'operator/claims/review'),
        canPay: await hasExplicitRule(db, session, 'operator/claims/pay'),
      }),
  },
} as const;

/** What a record page adds to the claim's view. */
type RecordParts = Partial<Pick<ClaimDetailViewProps, 'editable' | 'extra' | 'actions'>>;

export function ClaimRecordFrame({
  viewer,
  query,
  render,
}: {
  /** The member's detail page or the reviewer's. */
  viewer: keyof typeof RECORD_PAGES;
  query?: string;
  /** The page's own parts of the claim's view: its action cards, extra facts, whether documents can be added. */
  render: (body: ClaimRecordBody) => RecordParts | Promise<RecordParts>;
}) {
  const { page, title, list, back, load } = RECORD_PAGES[viewer];
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <PageFrame
      page={page}
      title={({ view }) => title(claimText(view.locale))}
      actions={({ view }) => (
        <a href={list} className="btn btn-ghost">
          {back(claimText(view.locale))}
        </a>
      )}
      render={async (ctx) => {
        const c = claimText(ctx.view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const detail = await findRecord(id, (claimId) => load(db, session, claimId, ctx.view.locale));
        if (!detail) return <RecordMissing message={c.detail.notFound} />;
        await markReadByLink(db, session.userId, `/${page}?id=${id}`);
        const messages = claimFormMessages(ctx.view.locale);
        const {
          editable = false,
          extra,
          actions,
        } = await render({
          ...ctx,
          session,
          db,
          c,
          id,
          detail,
          can: (action) => detail.actions.includes(action),
          form: (props) => <ClaimForm {...props} fixed={{ id }} saving={c.form.saving} messages={messages} />,
        });
        return (
          <ClaimDetailView
            detail={detail}
            locale={ctx.view.locale}
            c={c}
            timeZone={ctx.view.timeZone}
            editable={editable}
            uploadRules={ctx.view.site.upload}
            extra={extra}
            actions={actions}
          />
        );
      }}
    />
  );
}
