/**
 * /user/operator/endorsements: every member's endorsements for review, submitted first by default
 * (status, keyword and page in the URL). Operator-only (a group's '*' never grants it).
 */
import './endorse.css';
import * as v from 'valibot';
import { EndorseList } from './list-view';
import { EndorseFrame } from './frame';
import { baseEndorseContext } from '../router';
import { listForOperator } from '../queries';
import { operatorListSchema } from '../schemas';
import { runDueSandbox } from '../sandbox';
import { siteToday } from '../model';

export function OperatorEndorsementsPage({ query }: { query?: string }) {
  return (
    <EndorseFrame
      page="user/operator/endorsements"
      render={async ({ view, db, text }) => {
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
            text={text}
            locale={view.locale}
            withKindFilter={false}
          />
        );
      }}
    />
  );
}
