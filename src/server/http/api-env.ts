import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import type { Credentials } from '~/server/session/credentials';
import type { ResolvedSession } from '~/server/session/resolve';

/** What the API's first middleware puts on every request (`c.get(...)`). */
export interface ApiVariables {
  db: Db;
  locale: Locale;
  /** Query string with `name[key]` objects expanded. */
  query: Record<string, unknown>;
  creds: Credentials;
  auth: ResolvedSession;
  ip: string;
  /** The parsed body of a POST/PUT/PATCH/DELETE (`{}` for other methods), read by the API before any handler. */
  body: Record<string, unknown>;
  /** Names the request in logs and in a 500 envelope. */
  requestId: string;
}

export type ApiEnv = { Variables: ApiVariables };
