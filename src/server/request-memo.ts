/**
 * Values read once per request: `memo(scope, db, key, load)` runs `load` the first time a scope
 * (a request's context object) asks for (db, key) and hands every later caller the same promise.
 * A failed load is forgotten, so the next caller asks again. Scopes and databases are weak keys:
 * nothing outlives its request.
 */
import type { Db } from '~/server/db/client';

export function requestMemo<K, V>(): (scope: object, db: Db, key: K, load: () => Promise<V>) => Promise<V> {
  const byScope = new WeakMap<object, WeakMap<Db, Map<K, Promise<V>>>>();
  return (scope, db, key, load) => {
    let byDb = byScope.get(scope);
    if (!byDb) {
      byDb = new WeakMap();
      byScope.set(scope, byDb);
    }
    let byKey = byDb.get(db);
    if (!byKey) {
      byKey = new Map();
      byDb.set(db, byKey);
    }
    const held = byKey.get(key);
    if (held) return held;
    const p = load();
    byKey.set(key, p);
    p.catch(() => byKey.delete(key));
    return p;
  };
}
