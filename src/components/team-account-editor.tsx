/**
 * The add/edit sub-account form's server half: the grantable pages (owner's own, titles in the
 * page language) and, with `?id=`, the sub-account and its current pages; another owner's id
 * shows "not found". The form itself is the TeamAccountForm island.
 */
import { Notice } from '~/ui/notice';
import { grantable, teamDetail, teamMessages } from '~/features/team';
import { TeamAccountForm, type TeamAccountFormText } from '~/islands/team-account-form';
import type { Translator } from '~/lib/i18n';
import { getRequestContext, markRecordNotFound } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { hasAction } from '~/server/permissions';

const VALIDATE_KEYS = ['required', 'invalid', 'account', 'password', 'mobile'];

export async function TeamAccountEditor({ query, t }: { query: string; t: Translator }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const rawId = new URLSearchParams(query).get('id');
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const pages = await grantable(db, session.userId, t.locale);
  const team = teamMessages[t.locale].team as Record<string, string>;
  const messages: Record<string, string> = {
    ...Object.fromEntries(VALIDATE_KEYS.map((k) => [`validate.${k}`, t(['validate', k])])),
    ...Object.fromEntries(Object.entries(team).map(([k, v]) => [`team.${k}`, v])),
  };
  const text = (editing: boolean): TeamAccountFormText => ({
    account: t('team.account'),
    username: t('team.username'),
    password: t('team.password'),
    mobile: t('team.mobile'),
    nickname: t('team.nickname'),
    pages: t('team.pages'),
    pagesHint: t('team.pagesHint'),
    all: t('team.all'),
    none: t('team.none'),
    noPages: t('team.noPages'),
    submit: editing ? t('team.submitEdit') : t('team.submitAdd'),
    saving: t('team.saving'),
    back: t('team.back'),
    chosen: t('team.chosen', { n: '{n}' }),
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
      <h1 className="page-title">{t('title')}</h1>
    </div>
  );
  const notFound = (
    <>
      {heading}
      <Notice kind="warning" role="alert">
        <p>{t('team.notFound')}</p>
        <p>
          <a href="/user/team/teamMange">{t('team.back')}</a>
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
        <Notice kind="danger" title={t('notice.forbiddenTitle')} role="alert">
          <p>{t('notice.forbidden')}</p>
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
          <h1 className="page-title">{t('team.editTitle', { name: account.username })}</h1>
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
