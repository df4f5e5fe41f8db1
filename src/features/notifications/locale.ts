/** The language a member reads in: e-mail and SMS copies to them are written in it. */
import { isLocale } from '~/lib/i18n';
import { DEFAULT_LOCALE, type Locale } from '~/lib/types';
import { type Db, nowSeconds } from '~/server/db/client';

/** Remember the language a member uses (e-mail to them is written in it). */
export async function rememberLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  const now = nowSeconds();
  await db.sql`INSERT INTO member_locale (user_id, locale, updated_at) VALUES (${userId}, ${locale}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET locale = ${locale}, updated_at = ${now}`;
}

/**
 * Remember the language only when it changed (a read, and a write only on a change): the member
 * centre calls it on every page, so the saved language follows the one the member reads in.
 */
export async function noteLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  const [r] = await db.sql`SELECT locale FROM member_locale WHERE user_id = ${userId}`;
  if (r?.locale !== locale) await rememberLocale(db, userId, locale);
}

/** The language saved for a member, else the default (zh-cn). */
export async function localeOf(db: Db, userId: number): Promise<Locale> {
  const [r] = await db.sql`SELECT locale FROM member_locale WHERE user_id = ${userId}`;
  return r && isLocale(r.locale) ? r.locale : DEFAULT_LOCALE;
}
