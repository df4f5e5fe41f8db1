export { openDb, getDb, setDb, defaultDatabaseUrl, num, numOrNull, nowSeconds, type Db, type Dialect } from './client';
export { migrate, migrations, withSchemaLock, type Migration } from './migrations';
export { ensureDatabase, seed, isFresh, DEMO_USERS, type DemoContext, type DemoSeeder, type EnsureOptions } from './seed';
export { DEFAULT_SITE_CONFIG } from './reference/config';
export { DEMO_IFRAME_HOST, REFERENCE_GROUPS, REFERENCE_RULES, RULE_RENAMES } from './reference/rules';
export { REFERENCE, syncReferenceData, type ReferenceData, type SyncReport } from './reference/sync';
