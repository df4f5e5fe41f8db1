/** Site settings in the operator console, driven by the one schema module (settings-schema.ts). */
import { DIRECT_MODE, s3ConfigFromEnv } from '~/features/upload';
import { writeAudit } from '~/server/audit';
import { type Db, num } from '~/server/db/client';
import { DEFAULT_SITE_CONFIG } from '~/server/db/reference/config';
import { Codes } from '~/server/errors';
import { bumpConfigVersionFrom, configVersions } from '~/server/site-config';
import { type Actor, conflict, OperatorError } from './common';
import { checkSetting, type SettingContext, type SettingDef, SETTINGS, settingDef, settingsSchemaView } from './settings-schema';

/** Upload modes this deployment serves: local, plus direct uploads when the object store is configured (PORTAL_S3_*). */
export function storageModes(env: Record<string, string | undefined> = process.env): string[] {
  return s3ConfigFromEnv(env) ? ['local', DIRECT_MODE] : ['local'];
}

type Stored = Map<string, unknown>;

async function readStored(db: Db | Bun.SQL): Promise<Stored> {
  const sql = 'sql' in db ? db.sql : db;
  const rows: { key: string; value: string }[] = await sql`SELECT key, value FROM site_config`;
  const out: Stored = new Map();
  for (const r of rows) {
    try {
      out.set(r.key, JSON.parse(r.value));
    } catch {
      out.set(r.key, r.value);
    }
  }
  return out;
}

/** A setting's current value from the stored rows, in the setting's type (lists as arrays). */
function settingValue(def: SettingDef, stored: Stored): unknown {
  const [key, sub] = def.store;
  let raw = sub ? (stored.get(key) as Record<string, unknown> | undefined)?.[sub] : stored.get(key);
  if (raw === undefined) {
    const fallback = sub ? (DEFAULT_SITE_CONFIG[key] as Record<string, unknown> | undefined)?.[sub] : DEFAULT_SITE_CONFIG[key];
    raw = fallback === undefined ? def.default : fallback;
  }
  if (def.type === 'list') {
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
    return items.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim().toLowerCase().replace(/^\./, ''));
  }
  return raw;
}

function current(stored: Stored): Record<string, unknown> {
  return Object.fromEntries(SETTINGS.map((d) => [d.key, settingValue(d, stored)]));
}

/** GET operator/settings: `{settings, schema, version}`. */
export async function getSettings(db: Db) {
  const [stored, versions] = await Promise.all([readStored(db), configVersions(db)]);
  return { settings: current(stored), schema: settingsSchemaView(), version: versions.site };
}

/** Rules whose iframe url points at one of `hosts`. */
async function iframeUsers(db: Db, hosts: string[]): Promise<string[]> {
  if (!hosts.length) return [];
  const rows = await db.sql`SELECT name, url FROM user_rule WHERE menu_type = 'iframe'`;
  const used: string[] = [];
  for (const r of rows) {
    try {
      if (hosts.includes(new URL(String(r.url)).hostname.toLowerCase())) used.push(String(r.name));
    } catch {
      /* a broken url uses no host */
    }
  }
  return used;
}

/**
 * POST operator/settings `{version, changes}`: every change is checked against the schema first;
 * any problem → 400 with `data.errors: {key: message}` and nothing written. Then the `site`
 * version moves from `version` (a stale one → 409) and the values are written, audited, in one
 * transaction.
 */
export async function saveSettings(
  db: Db,
  actor: Actor,
  input: { version: number; changes: Record<string, unknown> },
  ctx?: SettingContext,
) {
  const context: SettingContext = ctx ?? { storageModes: storageModes() };
  const stored = await readStored(db);
  const before = current(stored);
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let usedBy: string[] = [];
  for (const [key, raw] of Object.entries(input.changes)) {
    const def = settingDef(key);
    if (!def) {
      errors[key] = 'operator.settings.unknownKey';
      continue;
    }
    const { value, error } = checkSetting(def, raw, context);
    if (error) errors[key] = error;
    else values[key] = value;
  }
  if (Array.isArray(values.iframeHosts)) {
    const kept = values.iframeHosts as string[];
    const removed = (before.iframeHosts as string[]).filter((h) => !kept.includes(h));
    usedBy = await iframeUsers(db, removed);
    if (usedBy.length) errors.iframeHosts = 'operator.settings.hostInUse';
  }
  if (Object.keys(errors).length) {
    const field = Object.keys(errors)[0];
    throw new OperatorError(errors[field], {
      status: 400,
      code: Codes.VALIDATION,
      field,
      errors,
      params: { rules: usedBy.join(', ') },
      extra: usedBy.length ? { used_by: usedBy } : {},
    });
  }
  const changed = Object.keys(values).filter((k) => JSON.stringify(values[k]) !== JSON.stringify(before[k]));
  const version = await db.sql.begin(async (tx) => {
    const next = await bumpConfigVersionFrom(tx, 'site', input.version);
    if (next === null) throw conflict('operator.settings.stale');
    const rows = await readStored(tx);
    const writes = new Map<string, unknown>();
    for (const key of changed) {
      const def = settingDef(key) as SettingDef;
      const [storeKey, sub] = def.store;
      // Upload lists stay comma strings: that is the shape the upload checks read.
      const value = storeKey === 'upload' && def.type === 'list' ? (values[key] as string[]).join(',') : values[key];
      if (sub) {
        const obj = { ...((writes.get(storeKey) ?? rows.get(storeKey) ?? {}) as Record<string, unknown>), [sub]: value };
        writes.set(storeKey, obj);
      } else writes.set(storeKey, value);
    }
    for (const [key, value] of writes) {
      const json = JSON.stringify(value);
      await tx`INSERT INTO site_config (key, value, updated_at) VALUES (${key}, ${json}, ${Math.floor(Date.now() / 1000)})
        ON CONFLICT (key) DO UPDATE SET value = ${json}, updated_at = ${Math.floor(Date.now() / 1000)}`;
    }
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.settings.save',
      targetType: 'settings',
      targetId: 'site',
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, values[k]])),
      detail: { version: next },
      ip: actor.ip,
    });
    return next;
  });
  const settings = { ...before, ...values };
  return { settings, version: num(version) };
}
