/**
 * /user/operator/settings: one form generated from the settings schema module (the same list
 * the API validates against), grouped by section, with the version it was read at (a stale save
 * answers 409). Posts as a plain form; the API answers 303 back with the outcome.
 */
import './operator.css';
import { getDb } from '~/server/db/client';
import { getSettings } from '../settings';
import { SETTINGS, type SettingDef } from '../settings-schema';
import { JobsCard } from './jobs-card';
import { ConsoleShell } from './shell';
import { fill } from '../texts';

const SECTIONS = ['site', 'login', 'upload', 'insurer', 'renewals', 'balance'] as const;

function Field({ def, value, locale, error }: { def: SettingDef; value: unknown; locale: 'zh-cn' | 'en'; error: boolean }) {
  const id = `os-${def.key.replace(/\W/g, '-')}`;
  const label = def.labels[locale];
  const help = def.help?.[locale];
  const describedBy = help ? `${id}-help` : undefined;
  const cls = `field${error ? ' has-error' : ''}`;
  const hint = help ? (
    <span id={describedBy} className="op-hint">
      {help}
    </span>
  ) : null;
  if (def.type === 'bool') {
    return (
      <div className={cls}>
        <input type="hidden" name={def.key} value="0" />
        <label className="op-check" htmlFor={id}>
          <input id={id} type="checkbox" name={def.key} value="1" defaultChecked={value === true} aria-describedby={describedBy} />
          <span>{label}</span>
        </label>
        {hint}
      </div>
    );
  }
  return (
    <div className={cls}>
      <label htmlFor={id}>{label}</label>
      {def.type === 'select' ? (
        <select id={id} name={def.key} defaultValue={String(value)} aria-describedby={describedBy}>
          {(def.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : def.type === 'list' ? (
        <textarea
          id={id}
          name={def.key}
          rows={def.key === 'iframeHosts' ? 3 : 2}
          defaultValue={Array.isArray(value) ? value.join(def.key === 'iframeHosts' ? '\n' : ', ') : ''}
          aria-describedby={describedBy}
        />
      ) : (
        <input
          id={id}
          name={def.key}
          type={def.type === 'number' ? 'number' : 'text'}
          defaultValue={String(value ?? '')}
          aria-describedby={describedBy}
        />
      )}
      {hint}
    </div>
  );
}

export function SettingsPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="settings"
      query={query}
      render={async ({ tx, here, can, locale, params, view }) => {
        const [data, canEdit] = await Promise.all([getSettings(getDb()), can('operator/settings/edit')]);
        return (
          <>
            <form method="post" action="/userapi/v1/operator/settings" className="op-settings">
              <input type="hidden" name="to" value={here} />
              <input type="hidden" name="version" value={data.version} />
              {SECTIONS.map((section) => (
                <fieldset className="card op-fieldset op-settings-section" key={section}>
                  <legend className="card-title">{tx.settingsSections[section]}</legend>
                  <div className="op-settings-grid">
                    {SETTINGS.filter((d) => d.section === section).map((def) => (
                      <Field key={def.key} def={def} value={data.settings[def.key]} locale={locale} error={params.field === def.key} />
                    ))}
                  </div>
                </fieldset>
              ))}
              <div className="card-actions">
                {canEdit ? (
                  <button type="submit" className="btn btn-primary">
                    {tx.save}
                  </button>
                ) : null}
                <span className="muted">{fill(tx.version, { v: data.version })}</span>
              </div>
            </form>
            <JobsCard db={getDb()} tx={tx} timeZone={view.timeZone} />
          </>
        );
      }}
    />
  );
}
