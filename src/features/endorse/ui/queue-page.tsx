/**
 * /user/operator/endorsements: every member's endorsements for review, submitted first by default
 * (status, keyword and page in the URL). Operator-only (a group's '*' never grants it).
 */
import * as v from 'valibot';
import { endorseText } from '../texts';
import { EndorseList } from './list-view';
import { PageFrame } from '~/ui';
import { baseEndorseContext } from '../router';
import { listForOperator } from '../queries';
import { operatorListSchema } from '../schemas';
import { runDueSandbox } from '../sandbox';
import { siteToday } from '../model';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';

export function OperatorEndorsementsPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/operator/endorsements"
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        await runDueSandbox(db, baseEndorseContext());
        const raw = Object.fromEntries(new URLSearchParams(query ?? ''));
        const parsed = v.safeParse(operatorListSchema, raw);
        const q = parsed.success ? parsed.output : v.parse(operatorListSchema, {});
        const result = await listForOperator(db, q, await siteToday(db));
        return (
          <EndorseList
            path="/user/operator/endorsements"
            detailPath="/user/operator/endorseDetail"
            q={{ ...q, kind: '', start: '', end: '' }}
            ok={parsed.success}
            result={result}
            text={endorseText(view.locale)}
            locale={view.locale}
            withKindFilter={false}
          />
        );
      }}
    />
  );
}
