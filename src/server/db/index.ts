export { openDb, getDb, setDb, defaultDatabaseUrl, num, numOrNull, nowSeconds, type Db, type Dialect } from './client';
export { migrate, migrations, withSchemaLock, type Migration } from './migrations';
export { ensureDatabase, seed, isFresh, SEED_CONFIG, SEED_RULES, DEMO_USERS, GROUP_NAMES, DEMO_IFRAME_HOST } from './seed';
