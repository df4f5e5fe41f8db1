/**
 * The console's landing strip: one tile per review queue the operator can open, with the number of
 * rows waiting in it (the same count as the sidebar's badge and the queue page's list), linking
 * to the queue filtered to those rows.
 */
import { isConsoleSection } from '~/lib/member-centre';
import type { PortalView } from '~/server/portal';
import { getDb } from '~/server/db/client';
import { Icon, routeIcon } from '~/ui/icon';
import { NavAnchor } from '~/ui/nav-anchor';
import { type QueueName, queueHref, queueOf, waitingWork } from '../waiting-work';
import type { OperatorText } from '../texts';

export async function WaitingTiles({ view, tx }: { view: PortalView; tx: OperatorText }) {
  const section = view.centre.userMenus.find(isConsoleSection);
  const queues = (section?.children ?? []).map((c) => queueOf(c.href)).filter((q): q is QueueName => q !== undefined);
  if (!queues.length) return null;
  const counts = await waitingWork(getDb(), view.site.timezone, queues);
  return (
    <section className="card op-waiting" aria-labelledby="ow-title">
      <h2 id="ow-title" className="card-title">
        {tx.waiting.title}
      </h2>
      <p className="op-hint">{tx.waiting.lead}</p>
      <ul className="op-tiles">
        {queues.map((q) => {
          const n = counts[q] ?? 0;
          return (
            <li key={q}>
              <NavAnchor to={queueHref(q)} className={n ? 'op-tile op-tile-busy' : 'op-tile'} match="none">
                <Icon name={routeIcon(queueHref(q).split('?')[0])} size={22} />
                <strong className="op-tile-n" data-queue={q}>
                  {n}
                </strong>
                <span className="op-tile-label">{tx.waiting.queues[q]}</span>
              </NavAnchor>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
