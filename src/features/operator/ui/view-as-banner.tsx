/**
 * The banner on every member-centre page while an operator views a member's centre read-only
 * (decision 0016): whose centre it is (data, not translated), when the view ends by itself, and
 * "End" — a plain form post that ends it and goes back to the member's detail page in the console.
 */
import './view-as.css';
import { formatDate } from '~/lib/format';
import type { PortalView } from '~/server/portal';
import { getRequestContext } from '~/server/context';
import { operatorText } from '../texts';

export function ViewAsBanner({ view }: { view: PortalView }) {
  const viewAs = getRequestContext().session?.viewAs;
  if (!viewAs || !view.user) return null;
  const tx = operatorText(view.locale).viewAs;
  const name = view.user.nickname || view.user.username;
  const [before, after] = tx.banner.split('{member}');
  return (
    <section className="view-as-banner" role="status" aria-live="polite" data-view-as-banner="">
      <p className="view-as-text">
        <strong>
          {before}
          <span translate="no" className="view-as-member">
            {name}
          </span>
          {after}
        </strong>{' '}
        <span className="view-as-until">{tx.until.replace('{time}', formatDate(viewAs.expiresAt, 'HH:mm', view.timeZone))}</span>
      </p>
      <form method="post" action="/userapi/v1/operator/viewAs/end" className="view-as-end">
        <button type="submit" className="btn btn-sm view-as-end-btn">
          {tx.end}
        </button>
      </form>
    </section>
  );
}
