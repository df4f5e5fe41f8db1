/**
 * The dry run on the draft page (issue #31): per person what happens from which day and the premium
 * or refund (a table; cards on a phone), the total, the balance before → after, the headcount, and
 * the insurer's rules as a checklist whose Submit button waits for the errors to go and the
 * warnings to be ticked (PreviewSubmit). The plan is the same function the submission charges by.
 */
import { fen, signedFen } from '~/lib/format';
import { DataTable } from '~/ui/data-table';
import type { EndorsePlan, PlanLine } from '../plan';
import { type EndorseText, fill } from '../texts';
import { PreviewSubmit, type PreviewCheck } from './preview-submit';
import './endorse.css';

export function EndorsePreview({ plan, text, id }: { plan: EndorsePlan; text: EndorseText; id: number }) {
  const p = text.preview;
  const classOf = (l: PlanLine) =>
    l.class_before !== null && l.class_after !== null && l.class_before !== l.class_after
      ? `${l.class_before} → ${l.class_after}`
      : String(l.class_after ?? l.class_before ?? '');
  const checks: PreviewCheck[] = plan.checks.map((c) => ({
    code: c.code,
    severity: c.severity,
    ok: c.ok,
    name: p.rules.names[c.code],
    text: fill((c.ok ? p.rules.pass : p.rules.fail)[c.code], c.params),
  }));
  return (
    <section
      className="card endorse-preview"
      aria-labelledby="en-preview"
      data-errors={plan.errors.length}
      data-warnings={plan.warnings.length}
    >
      <h2 id="en-preview">{p.title}</h2>
      <p className="muted">{p.lead}</p>
      {plan.lines.length ? (
        <DataTable
          className="endorse-plan"
          columns={[
            {
              head: p.person,
              cellClass: 'endorse-plan-name ep-name',
              cell: (l) => (
                <>
                  <span translate="no">{l.name}</span>
                  {l.name_before ? (
                    <span className="muted endorse-plan-was">
                      {' '}
                      ({fill(p.renamed, { name: '' })}
                      <span translate="no">{l.name_before}</span>)
                    </span>
                  ) : null}
                </>
              ),
            },
            { head: p.change, cellClass: 'ep-kind', cell: (l) => text.kinds[l.kind] },
            { head: p.from, label: p.from, cellClass: 'ep-from', cell: (l) => l.from },
            { head: p.cls, label: p.cls, cellClass: 'ep-cls', cell: classOf },
            { head: p.days, label: p.days, headClass: 'num', cellClass: 'num ep-days', cell: (l) => l.days },
            {
              head: p.amount,
              label: p.amount,
              headClass: 'num',
              cellClass: (l) => `num ep-amount ${l.premium < 0 ? 'endorse-refund' : ''}`,
              cell: (l) => signedFen(l.premium),
            },
          ]}
          rows={plan.lines}
          rowKey={(l) => l.item_id}
          rowAttrs={(l) => ({ 'data-kind': l.kind, 'data-premium': l.premium })}
        />
      ) : (
        <p className="muted">{p.none}</p>
      )}
      <dl className="endorse-plan-totals">
        <div>
          <dt>{p.total}</dt>
          <dd data-plan-total={plan.total}>{signedFen(plan.total)}</dd>
        </div>
        {plan.charge > 0 ? (
          <div>
            <dt>{p.charge}</dt>
            <dd>{fen(plan.charge)}</dd>
          </div>
        ) : null}
        {plan.refund > 0 ? (
          <div>
            <dt>{p.refund}</dt>
            <dd>{fen(plan.refund)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{p.balance}</dt>
          <dd data-balance-after={plan.balance_after}>
            {fill(p.balanceAfter, { before: fen(plan.balance_before), after: fen(plan.balance_after) })}
          </dd>
        </div>
        <div>
          <dt>{p.headcount}</dt>
          <dd>{fill(p.balanceAfter, { before: plan.headcount.before, after: plan.headcount.after })}</dd>
        </div>
      </dl>
      <h3>{p.rulesTitle}</h3>
      <PreviewSubmit
        id={id}
        checks={checks}
        canSubmit={plan.lines.length > 0}
        labels={{
          passed: p.passed,
          error: p.error,
          warning: p.warning,
          tick: p.tick,
          blocked: p.blocked,
          unticked: p.untickedHint,
          submit: text.add.submit,
        }}
      />
    </section>
  );
}
