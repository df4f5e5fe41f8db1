/**
 * The add/edit sub-account form's server half: the grantable pages (owner's own, titles in the
 * page language) and, with `?id=`, the sub-account and its current pages; another owner's id
 * shows "not found". The form itself is the TeamAccountForm island.
 */
import { Notice } from '~/ui/notice';
import { grantable, teamDetail } from '../queries';
import type { TeamText } from '../texts';
import { TeamAccountForm, type TeamAccountFormText } from './account-form';
import { formMessages } from './form-messages';
import type { Translator } from '~/lib/i18n';
import { fill } from '~/lib/texts';
import { getRequestContext, markRecordNotFound } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { hasAction } from '~/server/permissions';

const VALIDATE_KEYS = ['required', 'invalid', 'account', 'password', 'mobile'];

export async function TeamAccountEditor({ query, tx, common }: { query: string; tx: TeamText; common: Translator }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const rawId = new URLSearchParams(query).get('id');
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const t = tx.editor;
  const pages = await grantable(db, session.userId, common.locale);
  const messages = formMessages(common, VALIDATE_KEYS);
  const text = (editing: boolean): TeamAccountFormText => ({
    account: t.account,
    username: t.username,
    password: t.password,
    mobile: t.mobile,
    nickname: t.nickname,
    pages: t.pages,
    pagesHint: t.pagesHint,
    all: t.all,
    none: t.none,
    noPages: t.noPages,
    submit: editing ? t.submitEdit : t.submitAdd,
    saving: t.saving,
    back: t.back,
    chosen: t.chosen,
    messages,
  });
  const formPages = pages.map((p) => ({
    id: p.id,
    title: p.title,
    dir: p.dir,
    buttons: p.buttons.map((b) => ({ id: b.id, title: b.title })),
  }));
  if (rawId === null) return <TeamAccountForm pages={formPages} text={text(false)} />;
  const heading = (
    <div className="page-head">
      <h1 className="page-title">{tx.titles.add}</h1>
    </div>
  );
  const notFound = (
    <>
      {heading}
      <Notice kind="warning" role="alert">
        <p>{t.notFound}</p>
        <p>
          <a href="/user/team/teamMange">{t.back}</a>
        </p>
      </Notice>
    </>
  );
  if (id === null) {
    markRecordNotFound();
    return notFound;
  }
  if (!(await hasAction(db, session, 'team/teamMange/edit'))) {
    return (
      <>
        {heading}
        <Notice kind="danger" title={common('notice.forbiddenTitle')} role="alert">
          <p>{common('notice.forbidden')}</p>
        </Notice>
      </>
    );
  }
  try {
    const detail = await teamDetail(db, session.userId, id);
    const { account } = detail;
    return (
      <>
        <div className="page-head">
          <h1 className="page-title">{fill(t.editTitle, { name: account.username })}</h1>
        </div>
        <TeamAccountForm
          key={account.id}
          id={account.id}
          initial={{ username: account.username, nickname: account.nickname, mobile: account.mobile }}
          initialRules={detail.rules}
          pages={formPages}
          text={text(true)}
        />
      </>
    );
  } catch (err) {
    if (isDomainError(err) && err.status === 404) {
      markRecordNotFound();
      return notFound;
    }
    throw err;
  }
}
