import { RejectForm, StatusBadge } from '~/features/endorse/ui';
import './invoices.css';
import { RecordMissing } from '~/ui/record-missing';
import { EndorseFrame } from '~/features/endorse/ui';
import { invoiceDetail } from '../views';
import { toInvoice as toInvoiceRow } from '../records';
import { ApiForm } from '~/ui/api-form';
import { Timeline, TimelineEntry } from '~/ui/timeline';
import { Steps, stepAt } from '~/ui/steps';
import { INVOICE_FAILURES, INVOICE_STEPS } from '../states';
import { UploadField } from '~/features/upload/ui';
import { formatDate, formatMoney } from '~/lib/format';
import { num } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';

export function OperatorInvoiceDetailPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <EndorseFrame
      page="user/operator/invoiceDetail"
      back="/user/operator/invoices"
      render={async ({ view, session, db, text }) => {
        const t = text.invoice;
        const [row] = Number.isSafeInteger(id) && id > 0 ? await db.sql`SELECT * FROM invoice WHERE id = ${id}` : [];
        if (!row) return <RecordMissing message={t.missing} />;
        const d = await invoiceDetail(db, toInvoiceRow(row), `/userapi/v1/operator/invoice/download?id=${num(row.id)}`);
        const inv = d.invoice;
        const canIssue = inv.status === 'applied' && (await hasExplicitRule(db, session, 'operator/invoices/issue'));
        const fact = (label: string, value: string) =>
          value ? (
            <>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </>
          ) : null;
        const at = stepAt(INVOICE_STEPS, inv.status, INVOICE_FAILURES);
        // The day each status was reached: the application's own day, else its timeline entry's.
        const day = (status: string | undefined) => {
          const time = status === 'applied' ? inv.created_at : d.timeline.find((x) => x.to === status)?.created_at;
          return time ? formatDate(time, 'YYYY-MM-DD', view.timeZone) : null;
        };
        return (
          <div className="invoice-detail" data-status={inv.status}>
            <div className="card invoice-lifecycle">
              <Steps
                label={text.invoiceSteps.label}
                at={at}
                steps={INVOICE_STEPS.map((x) => ({
                  key: x.key,
                  label: text.invoiceSteps[x.key as 'applied' | 'issued'],
                  date: day(x.statuses[0]),
                }))}
                failure={
                  at.failed ? { key: inv.status, label: text.invoiceStatus[inv.status as 'rejected'], date: day(inv.status) } : undefined
                }
              />
            </div>
            <section className="card" aria-labelledby="iv-sum">
              <h2 id="iv-sum">
                {inv.apply_no} <StatusBadge status={inv.status} text={text} />
              </h2>
              <dl className="endorse-facts">
                {fact(t.kind, text.invoiceKind[inv.kind as 'normal' | 'special'])}
                {fact(t.invTitle, inv.title)}
                {fact(t.taxpayer, inv.taxpayer_id)}
                {fact(t.address, inv.address)}
                {fact(t.phone, inv.phone)}
                {fact(t.bank, inv.bank)}
                {fact(t.account, inv.account)}
                {fact(t.email, inv.email)}
                {fact(t.amount, `¥${formatMoney(inv.amount)}`)}
                {fact(t.invoiceNo, inv.invoice_no)}
                {fact(t.reason, inv.reason)}
              </dl>
              {d.file_url ? (
                <div className="endorse-form-actions">
                  <a className="btn btn-primary" href={d.file_url} data-action="download">
                    {t.download}
                  </a>
                </div>
              ) : null}
            </section>
            <section className="card" aria-labelledby="iv-items">
              <h2 id="iv-items">{t.items}</h2>
              <ul className="invoice-items">
                {d.items.map((i) => (
                  <li key={`${i.source_type}:${i.source_id}`}>
                    <span>
                      <span className="muted">{i.source_type === 'order' ? t.order : t.endorse}</span> {i.ref_no}
                    </span>
                    <span className="num">¥{formatMoney(i.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="iv-time">
              <h2 id="iv-time">{text.detail.timeline}</h2>
              <Timeline className="endorse-timeline" events={d.timeline} eventKey={(x) => `${x.to}-${x.created_at}`}>
                {(x) => (
                  <TimelineEntry
                    title={<StatusBadge status={x.to} text={text} />}
                    when={formatDate(x.created_at, 'YYYY-MM-DD HH:mm', view.timeZone)}
                    note={x.note}
                  />
                )}
              </Timeline>
            </section>
            {canIssue ? (
              <section className="card" aria-labelledby="iv-issue">
                <h2 id="iv-issue">{text.operator.issueTitle}</h2>
                <ApiForm url="/userapi/v1/operator/invoice/issue" extra={{ id: inv.id }} submitLabel={text.operator.issue}>
                  <div className="field endorse-narrow">
                    <label htmlFor="iv-no">{text.operator.invoiceNo}</label>
                    <input id="iv-no" name="invoice_no" maxLength={30} required autoComplete="off" />
                  </div>
                  <div className="field">
                    <span className="field-label">{text.operator.file}</span>
                    <UploadField lang={view.locale} name="file_id" valueKind="id" topic="invoice" rules={view.site.upload} />
                  </div>
                </ApiForm>
              </section>
            ) : null}
            {canIssue ? (
              <section className="card" aria-labelledby="iv-reject">
                <h2 id="iv-reject">{text.operator.rejectTitle}</h2>
                <RejectForm
                  url="/userapi/v1/operator/invoice/reject"
                  id={inv.id}
                  label={text.operator.rejectInvoice}
                  placeholder={text.operator.reason}
                />
              </section>
            ) : null}
          </div>
        );
      }}
    />
  );
}
