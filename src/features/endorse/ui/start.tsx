/** Step one of the Add flow: the policy and the effective date of a new draft (the create API through a form). */
import { addDays } from '~/lib/pro-rata';
import { getRequestContext } from '~/server/context';
import { eligiblePolicyList } from '../views';
import { ordersPort } from '../roster';
import { ApiForm } from '~/ui/api-form';
import type { Db } from '~/server/db/client';
import { type EndorseText, fill } from '../texts';
import { DateField } from '~/ui/date-field';
import { Notice } from '~/ui/notice';
import './endorse.css';

/** Step one of Add: the policy (eligible ones, each with its open endorsement) and the effective date. */
export async function EndorseStart({
  db,
  userId,
  text,
  today,
  orderId,
}: {
  db: Db;
  userId: number;
  text: EndorseText;
  today: string;
  /** The policy chosen already (an order list's Endorse link: `?new=1&order_id=`). */
  orderId?: number;
}) {
  const t = text.add;
  const { list } = await eligiblePolicyList(db, ordersPort, userId);
  if (!list.length) {
    return (
      <Notice kind="info" role="status">
        <p>{t.noPolicies}</p>
      </Notice>
    );
  }
  const open = list.filter((p) => p.open_id !== null);
  return (
    <section className="card endorse-start" aria-labelledby="en-start">
      <h2 id="en-start">{t.title}</h2>
      <ApiForm
        url="/userapi/v1/endorse/create"
        extra={{ request_id: '*' }}
        then="/user/order/endorse?edit={id}"
        submitLabel={t.create}
        className="endorse-form endorse-start-form"
      >
        <div className="field">
          <label htmlFor="en-policy">{t.policy}</label>
          <select
            id="en-policy"
            name="order_id"
            required
            defaultValue={list.some((p) => p.id === orderId && p.open_id === null) ? String(orderId) : ''}
          >
            <option value="" disabled>
              {t.choose}
            </option>
            {list
              .filter((p) => p.open_id === null)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.policy_no} · {getRequestContext().locale === 'en' ? p.plan_name_en : p.plan_name} · {p.start_date} – {p.end_date}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="en-date">{t.date}</label>
          <DateField
            id="en-date"
            name="effective_date"
            locale={getRequestContext().locale}
            min={today}
            defaultValue={addDays(today, 1)}
            required
          />
          <span className="field-hint">{t.dateHint}</span>
        </div>
        <div className="field">
          <label htmlFor="en-remark">{t.remark}</label>
          <input id="en-remark" name="remark" maxLength={500} />
        </div>
      </ApiForm>
      {open.length ? (
        <ul className="endorse-open">
          {open.map((p) => (
            <li key={p.id}>
              <a href={`/user/order/endorse?edit=${p.open_id}`}>{fill(t.open, { no: `${p.policy_no}` })}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
