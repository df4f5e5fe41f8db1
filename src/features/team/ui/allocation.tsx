/**
 * The allocation page's server half: the owner's balance, the transfer form (client component,
 * with a fresh request_id per render), the balance runway of every account and the company (#31)
 * and the transfer history with sub-account, day range and page size in a GET form (the URL holds
 * them; pages are plain links).
 */
import { type Column, DataTable } from '~/ui/data-table';
import { CardSection } from '~/ui/card-section';
import { SelectField } from '~/ui/field';
import { DateRangeFields } from '~/ui/filter-form';
import { teamPicker } from '../queries';
import { type AllocationsQuery, allocationsQuerySchema } from '../schemas';
import type { TeamText } from '../texts';
import { listTransfers, type TransferView } from '../transfers';
import { TeamAllocateForm } from './allocate-form';
import { formMessages } from './form-messages';
import { TeamListFrame } from './list-frame';
import { loadRunway } from '~/features/runway';
import { RunwayTable } from '~/features/runway/ui';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { listQuery } from '~/lib/list-query';
import { fenToYuan } from '~/lib/money';
import { getRequestContext } from '~/server/context';
import { getDb, num } from '~/server/db/client';

const PATH = '/user/team/allocation';
const transfersQuery = listQuery<AllocationsQuery>(allocationsQuerySchema, { sub_id: '', start: '', end: '', limit: 10, page: 1 });
const VALIDATE_KEYS = ['required', 'invalid'];

export interface TeamAllocationProps {
  query: string;
  /** The area's texts and the common translator (validate.*, None). */
  tx: TeamText;
  common: Translator;
  timeZone: string;
  siteTimeZone: string;
}

export async function TeamAllocation({ query, tx, common, timeZone, siteTimeZone }: TeamAllocationProps) {
  const session = getRequestContext().session;
  if (!session) return null;
  const db = getDb();
  const t = tx.allocation;
  const sub = new URLSearchParams(query).get('sub');
  const { q, ok } = transfersQuery.parse(query, ['sub']);
  const [subs, history, [owner], runway] = await Promise.all([
    teamPicker(db, session.userId),
    listTransfers(db, session.userId, q, siteTimeZone),
    db.sql`SELECT money FROM "user" WHERE id = ${session.userId}`,
    loadRunway(db, session.userId),
  ]);
  const requestId = crypto.randomUUID();
  const messages = { ...formMessages(common, VALIDATE_KEYS), 'team.chooseSub': t.selectSub };
  const initialSub = sub && /^\d{1,9}$/.test(sub) ? Number(sub) : q.sub_id === '' ? undefined : q.sub_id;
  const columns: Column<TransferView>[] = [
    { head: t.time, cellClass: 'nowrap', cell: (x) => formatDate(x.created_at, 'YYYY-MM-DD HH:mm', timeZone) },
    { head: t.sub, cellClass: 'nowrap', cell: (x) => x.sub_username },
    {
      head: t.kind,
      cellClass: 'nowrap',
      cell: (x) => <span className={x.direction === 'allocate' ? 'badge badge-ok' : 'badge'}>{t.dir[x.direction]}</span>,
    },
    {
      head: t.amount,
      headClass: 'num',
      cellClass: (x) => `num nowrap ${x.direction === 'allocate' ? 'amount-out' : 'amount-in'}`,
      cell: (x) => formatMoney(x.amount),
    },
    { head: t.ownerAfter, headClass: 'num', cellClass: 'num nowrap', cell: (x) => formatMoney(x.owner_after) },
    { head: t.subAfter, headClass: 'num', cellClass: 'num nowrap', cell: (x) => formatMoney(x.sub_after) },
    { head: t.memo, cell: (x) => (x.memo ? <span translate="no">{x.memo}</span> : common('None')) },
  ];
  return (
    <div className="team">
      <div className="team-allocate-grid">
        <CardSection id="ta-balance" title={t.ownerBalance} className="team-balance">
          <p className="team-balance-value">
            <strong data-testid="owner-balance">{formatMoney(fenToYuan(num(owner?.money)))}</strong>
          </p>
        </CardSection>
        <CardSection id="ta-form" title={t.form}>
          {subs.length === 0 ? (
            <p className="muted">
              {t.noSubs} <a href="/user/team/addAccount">{t.addOne}</a>
            </p>
          ) : (
            <TeamAllocateForm
              key={requestId}
              subs={subs}
              initialSub={initialSub}
              requestId={requestId}
              text={{
                sub: t.sub,
                choose: t.choose,
                disabled: t.disabled,
                direction: t.direction,
                allocate: t.allocate,
                reclaim: t.reclaim,
                amount: t.amount,
                memo: t.memo,
                submit: t.submit,
                saving: t.saving,
                messages,
              }}
            />
          )}
        </CardSection>
      </div>
      <RunwayTable view={runway} locale={common.locale} />
      <TeamListFrame
        locale={common.locale}
        tx={t}
        path={PATH}
        idPrefix="ta"
        headingId="ta-history"
        page={q.page}
        limit={q.limit}
        href={(page) => transfersQuery.href(PATH, q, page)}
        ok={ok}
        fields={
          <>
            <SelectField
              id="ta-sub"
              name="sub_id"
              label={t.sub}
              value={String(q.sub_id)}
              all={t.allSubs}
              options={subs.map((s) => [s.id, s.username])}
            />
            <DateRangeFields id="ta" start={q.start} end={q.end} labels={t} />
          </>
        }
        heading={t.history}
        total={history.total}
        shown={history.list.length}
        table={<DataTable className="team-table team-transfers" columns={columns} rows={history.list} rowKey={(x) => x.id} />}
      />
    </div>
  );
}
