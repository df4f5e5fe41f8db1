/**
 * The "Notices" section of the profile page: one row per notice group — in the portal (always
 * on), e-mail and SMS switches — with the group's mandatory notices marked as always sent, and a
 * note with a bind link when an address is missing.
 */
import './notices.css';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { type GroupPreference, getPreferences } from '../preferences';
import { noticeText } from '../texts';
import { NoticeSwitch, OptInSwitch } from './notice-switch';
import { DataTable } from '~/ui/data-table';

export async function NoticeSettings({ locale, bindHref = '#pf-edit' }: { locale: Locale; bindHref?: string }) {
  const session = getRequestContext().session;
  if (!session) return null;
  const n = noticeText(locale);
  const p = n.prefs;
  const { groups, bound, opt_in } = await getPreferences(getDb(), session.userId);
  const kindName = (k: string) => (n.mandatoryKinds as Record<string, string>)[k] ?? k;
  /** A channel's column: each group's switch, off and disabled while the member has no address for it. */
  const channelColumn = (channel: 'email' | 'sms', name: string, hasAddress: boolean) => ({
    head: name,
    label: name,
    cell: (g: GroupPreference) => (
      <NoticeSwitch
        group={g.group}
        channel={channel}
        checked={hasAddress && g[channel]}
        disabled={!hasAddress}
        label={fill(p.switchLabel, { group: n.groups[g.group], channel: name })}
        onText={p.on}
        offText={p.off}
      />
    ),
  });
  return (
    <section className="card notice-settings" aria-labelledby="notice-settings-title" id="notice-settings">
      <h2 id="notice-settings-title" className="card-title">
        {p.title}
      </h2>
      <p className="muted notice-settings-lead">{p.lead}</p>
      {bound.email && bound.mobile ? null : (
        <ul className="notice-unbound">
          {bound.email ? null : (
            <li>
              {p.unboundEmail} <a href={bindHref}>{p.bind}</a>
            </li>
          )}
          {bound.mobile ? null : (
            <li>
              {p.unboundMobile} <a href={bindHref}>{p.bind}</a>
            </li>
          )}
        </ul>
      )}
      <DataTable
        className="notice-prefs"
        caption={p.title}
        rows={groups}
        rowKey={(g) => g.group}
        rowAttrs={(g) => ({ 'data-group': g.group })}
        columns={[
          {
            head: p.group,
            rowHeader: true,
            cellClass: 'notice-prefs-group',
            cell: (g) => (
              <>
                <strong>{n.groups[g.group]}</strong>
                {g.mandatory.length ? (
                  <span className="notice-always">
                    <span className="badge badge-danger">{p.mandatoryBadge}</span>{' '}
                    {fill(p.always, { kinds: g.mandatory.map((k) => kindName(k)).join(locale === 'en' ? ', ' : '、') })}
                  </span>
                ) : null}
              </>
            ),
          },
          { head: p.inApp, label: p.inApp, cell: () => <span className="notice-fixed">{p.alwaysOn}</span> },
          channelColumn('email', p.email, bound.email),
          channelColumn('sms', p.sms, bound.mobile),
        ]}
      />
      {opt_in.length ? (
        <div className="notice-opt-ins">
          <h3 className="notice-opt-ins-title">{p.optInTitle}</h3>
          {opt_in.map((o) => (
            <OptInSwitch
              key={o.kind}
              kind={o.kind}
              checked={o.on}
              label={(n.optInKinds as Record<string, string>)[o.kind] ?? o.kind}
              onText={p.on}
              offText={p.off}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
