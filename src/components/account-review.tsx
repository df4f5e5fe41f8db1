/**
 * /user/operator/topups: every member's top-up requests (pending first) with the transfer slip,
 * and the confirm / reject actions for groups holding `operator/topups/confirm`. Operator-only: a
 * group's '*' never grants the page (403 here, and from every endpoint behind it).
 */
import { menuTitleFor } from '~/lib/member-centre';
import { listTopupsForReview } from '~/features/account';
import { apiMessage } from '~/features/_shared/messages';
import { AccountReviewActions } from '~/islands/account-review-actions';
import { NavAnchor } from '~/ui/nav-anchor';
import { formatDate, formatMoney } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { Notice } from '~/ui/notice';
import { pageContext } from '~/ui/page-context';
import { PageTitle } from '~/ui/page-title';
import '../styles/account.css';
import { interpolate as fill } from '~/lib/interpolate';

/** The page's texts (operator pages have no bundle in the page-message map). */
const TEXT = {
  'zh-cn': {
    title: '充值审核',
    lead: '核对转账凭证与到账金额后确认入账；确认只会入账一次。',
    status: '状态',
    all: '全部',
    filter: '筛选',
    statuses: { pending: '待审核', confirmed: '已入账', rejected: '已驳回' },
    member: '会员',
    amount: '金额（元）',
    paymentRef: '转账流水号',
    slip: '转账凭证',
    time: '申请时间',
    action: '操作',
    decided: '处理时间',
    none: '没有符合条件的充值申请',
    count: '共 {n} 条',
    prev: '上一页',
    next: '下一页',
    pageOf: '第 {page} / {pages} 页',
    confirm: '确认充值',
    reject: '驳回',
    reason: '驳回原因',
    reasonRequired: '请填写驳回原因',
    openSlip: '查看凭证',
  },
  en: {
    title: 'Top-ups',
    lead: 'Check the slip against the money received, then confirm; a top-up is credited once only.',
    status: 'Status',
    all: 'All',
    filter: 'Filter',
    statuses: { pending: 'Pending', confirmed: 'Credited', rejected: 'Rejected' },
    member: 'Member',
    amount: 'Amount (CNY)',
    paymentRef: 'Payment reference',
    slip: 'Transfer slip',
    time: 'Requested',
    action: 'Action',
    decided: 'Decided',
    none: 'No top-up requests match',
    count: '{n} requests',
    prev: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    confirm: 'Confirm top-up',
    reject: 'Reject',
    reason: 'Reason for rejecting',
    reasonRequired: 'Please give a reason',
    openSlip: 'Open slip',
  },
} satisfies Record<Locale, unknown>;

const STATUSES = ['pending', 'confirmed', 'rejected'] as const;

export async function AccountReview({ query }: { query: string }) {
  const { view } = await pageContext('user/operator/topups');
  const tx = { ...TEXT[view.locale], title: menuTitleFor(view.centre, '/user/operator/topups') ?? TEXT[view.locale].title };
  const session = getRequestContext().session;
  const head = (
    <>
      <PageTitle page={tx.title} siteName={view.site.siteName} />
      <div className="page-head">
        <h1 className="page-title">{tx.title}</h1>
      </div>
    </>
  );
  if (view.forbidden || !session || !view.user) {
    return (
      <>
        {head}
        <Notice kind="danger" title={apiMessage(view.locale, 'forbidden')} role="alert">
          <p>{apiMessage(view.locale, 'forbidden')}</p>
        </Notice>
      </>
    );
  }
  const db = getDb();
  const params = new URLSearchParams(query);
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as (typeof STATUSES)[number])
    : '';
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 100_000);
  const limit = 20;
  const [result, canDecide] = await Promise.all([
    listTopupsForReview(db, { status, page, limit }),
    hasExplicitRule(db, session, 'operator/topups/confirm'),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / limit));
  const tz = view.timeZone;
  const link = (p: number) => {
    const q = new URLSearchParams();
    if (status) q.set('status', status);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/user/operator/topups${s ? `?${s}` : ''}`;
  };
  return (
    <>
      {head}
      <div className="account-topups">
        <form className="card ledger-filters" method="get" action="/user/operator/topups" aria-label={tx.filter}>
          <div className="field">
            <label htmlFor="tr-status">{tx.status}</label>
            <select id="tr-status" name="status" defaultValue={status}>
              <option value="">{tx.all}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {tx.statuses[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="ledger-filter-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              {tx.filter}
            </button>
          </div>
        </form>
        <section className="card" aria-labelledby="tr-title">
          <div className="card-head ledger-head">
            <h2 id="tr-title">{tx.title}</h2>
            <p className="ledger-totals">{fill(tx.count, { n: result.total })}</p>
          </div>
          <p className="account-hint">{tx.lead}</p>
          {result.list.length === 0 ? (
            <p className="ledger-empty">{tx.none}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table account-review-table">
                <thead>
                  <tr>
                    <th scope="col">{tx.time}</th>
                    <th scope="col">{tx.member}</th>
                    <th scope="col" className="num">
                      {tx.amount}
                    </th>
                    <th scope="col">{tx.paymentRef}</th>
                    <th scope="col">{tx.slip}</th>
                    <th scope="col">{tx.status}</th>
                    <th scope="col">{tx.action}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.list.map((x) => {
                    const slip = `/userapi/v1/operator/topup/slip?id=${x.id}`;
                    const label = `${x.nickname || x.username} ¥${formatMoney(fenToYuan(x.amount))}`;
                    return (
                      <tr key={x.id} data-topup={x.id}>
                        <td className="nowrap">{formatDate(x.createdAt, 'YYYY-MM-DD HH:mm', tz)}</td>
                        <td>
                          {x.nickname || x.username}
                          <span className="ledger-ref">{x.username}</span>
                        </td>
                        <td className="num nowrap">{formatMoney(fenToYuan(x.amount))}</td>
                        <td>{x.paymentRef}</td>
                        <td>
                          <a href={slip} target="_blank" rel="noopener" title={tx.openSlip}>
                            {x.slipMime.startsWith('image/') ? (
                              <img
                                className="account-slip"
                                src={slip}
                                alt={`${tx.slip} ${x.paymentRef}`}
                                width={96}
                                height={64}
                                loading="lazy"
                              />
                            ) : (
                              tx.openSlip
                            )}
                          </a>
                        </td>
                        <td>
                          <span className={`account-status account-status-${x.status}`}>{tx.statuses[x.status]}</span>
                          {x.reason ? <span className="ledger-ref">{x.reason}</span> : null}
                          {x.decidedAt ? <span className="ledger-ref">{formatDate(x.decidedAt, 'YYYY-MM-DD HH:mm', tz)}</span> : null}
                        </td>
                        <td>
                          {x.status === 'pending' && canDecide ? (
                            <AccountReviewActions
                              id={x.id}
                              label={label}
                              text={{ confirm: tx.confirm, reject: tx.reject, reason: tx.reason, reasonRequired: tx.reasonRequired }}
                            />
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {result.total > limit ? (
            <nav className="pager" aria-label={tx.pageOf}>
              {page > 1 ? (
                <NavAnchor className="btn btn-ghost btn-sm" to={link(page - 1)} match="none">
                  {tx.prev}
                </NavAnchor>
              ) : null}
              <span className="pager-status">{fill(tx.pageOf, { page, pages })}</span>
              {page < pages ? (
                <NavAnchor className="btn btn-ghost btn-sm" to={link(page + 1)} match="none">
                  {tx.next}
                </NavAnchor>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}
