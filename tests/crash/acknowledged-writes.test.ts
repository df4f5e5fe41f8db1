/**
 * Writes survive a crash (issue 19, part 5).
 *
 * On each engine the BUILT portal runs as a real process (tests/support/server.ts). Several
 * clients send a stream of writes; while requests are in flight the server gets SIGKILL, is
 * started again on the same DATA_DIR / DATABASE_URL, and every write it had acknowledged must
 * still be there. Two crash rounds, then a final start that checks every receipt of both.
 *
 * WRITE PROBES. Each write path joins through one entry in WRITE_PROBES:
 *   - `perform(baseUrl)` does one write as a client would and returns a receipt only when the
 *     server acknowledged it (its success answer arrived); null when it refused or the connection
 *     died. It must not throw.
 *   - `verify(baseUrl, receipt)` asks the restarted server whether that write is there.
 * A probe needs nothing but HTTP: log in inside `perform` if the write needs a member (and keep
 * failed logins away from the demo accounts: 10 failures lock one). When the ledger of #8
 * arrives, add e.g. a `ledger-entry` probe that posts an entry and returns its id and amount,
 * and whose `verify` reads the entry back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type PortalDatabase, type PortalServer, portalDatabase, startPortal, tokenFromSetCookie } from '../support/server';
import { engines } from '../support/test-db';

const API = '/userapi/v1';

export interface WriteProbe<R = unknown> {
  name: string;
  perform(baseUrl: string): Promise<R | null>;
  verify(baseUrl: string, receipt: R): Promise<boolean>;
}

const DEMO_LOGINS = [
  { account: 'demo', password: 'Demo#2026' },
  { account: 'manager', password: 'Manager#2026' },
  { account: 'operator', password: 'Operator#2026' },
];

/** A login is a write: a new token row (and the login time). Acknowledged = 200001 with a token. */
const loginProbe: WriteProbe<{ account: string; token: string }> = {
  name: 'login (token row)',
  async perform(baseUrl) {
    const { account, password } = DEMO_LOGINS[Math.floor(Math.random() * DEMO_LOGINS.length)];
    try {
      const res = await fetch(`${baseUrl}${API}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ account, password }),
      });
      const body = (await res.json()) as { code: number; data?: { userInfo?: { token?: string } } };
      const token = tokenFromSetCookie(res.headers) ?? body.data?.userInfo?.token;
      return body.code === 200001 && token ? { account, token } : null;
    } catch {
      return null; // the server died under this request: not acknowledged
    }
  },
  async verify(baseUrl, { account, token }) {
    const res = await fetch(`${baseUrl}${API}/index/index?requiredLogin=1`, { headers: { 'ba-user-token': token } });
    const body = (await res.json()) as { code: number; data?: { userInfo?: { username?: string } } };
    return body.code === 200001 && body.data?.userInfo?.username === account;
  },
};

/** demo's token and demo_site1's id per server address (a login is slow on purpose; logins are durable). */
const teamSessions = new Map<string, Promise<{ token: string; sub: number } | null>>();
async function teamSession(baseUrl: string): Promise<{ token: string; sub: number } | null> {
  try {
    const res = await fetch(`${baseUrl}${API}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ account: 'demo', password: 'Demo#2026' }),
    });
    const token = ((await res.json()) as { data?: { userInfo?: { token?: string } } }).data?.userInfo?.token;
    if (!token) return null;
    const list = await fetch(`${baseUrl}${API}/team/list?keyword=demo_site1`, { headers: { 'ba-user-token': token } });
    const sub = ((await list.json()) as { data?: { list?: { id: number }[] } }).data?.list?.[0]?.id;
    return sub ? { token, sub } : null;
  } catch {
    return null;
  }
}
async function cachedTeamSession(baseUrl: string): Promise<{ token: string; sub: number } | null> {
  const hit = teamSessions.get(baseUrl) ?? teamSession(baseUrl);
  teamSessions.set(baseUrl, hit);
  const s = await hit;
  if (!s) teamSessions.delete(baseUrl); // the server died during the login: try again next time
  return s;
}
function allocateOnce(baseUrl: string, s: { token: string; sub: number }, requestId: string) {
  return fetch(`${baseUrl}${API}/team/allocate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'ba-user-token': s.token },
    body: JSON.stringify({ id: s.sub, direction: 'allocate', amount: '0.01', memo: 'crash probe', request_id: requestId }),
  });
}

/**
 * A team allocation (#12) is a money write: a transfer row and two ledger entries. Acknowledged =
 * 200001 with the transfer; after the restart the same request_id must answer that transfer as a
 * replay (had it been lost, the repeat would make a new one, and the check fails).
 */
const teamAllocationProbe: WriteProbe<{ requestId: string; transferId: number }> = {
  name: 'team allocation (transfer + two ledger entries)',
  async perform(baseUrl) {
    const s = await cachedTeamSession(baseUrl);
    if (!s) return null;
    const requestId = `crash-${crypto.randomUUID()}`;
    try {
      const body = (await (await allocateOnce(baseUrl, s, requestId)).json()) as { code: number; data?: { transfer?: { id: number } } };
      return body.code === 200001 && body.data?.transfer ? { requestId, transferId: body.data.transfer.id } : null;
    } catch {
      return null;
    }
  },
  async verify(baseUrl, { requestId, transferId }) {
    const s = await cachedTeamSession(baseUrl);
    if (!s) return false;
    const body = (await (await allocateOnce(baseUrl, s, requestId)).json()) as {
      code: number;
      data?: { transfer?: { id: number }; replayed?: boolean };
    };
    return body.code === 200001 && body.data?.replayed === true && body.data.transfer?.id === transferId;
  },
};

/** Every write path the crash test covers. Add new ones here (see the comment at the top). */
export const WRITE_PROBES: WriteProbe<never>[] = [loginProbe as WriteProbe<never>, teamAllocationProbe as WriteProbe<never>];

const CLIENTS = 8;
const ROUNDS = 2;
/** Kill once this many writes are acknowledged in a round (and at least MIN_RUN_MS have passed). */
const ACKS_BEFORE_KILL = 12;
const MIN_RUN_MS = 1000;

interface Receipt {
  probe: WriteProbe<never>;
  receipt: unknown;
  round: number;
}

/** Runs the clients until the server is killed; returns the receipts and how many requests were in flight at the kill. */
async function crashRound(server: PortalServer, round: number): Promise<{ receipts: Receipt[]; inFlightAtKill: number; attempts: number }> {
  const receipts: Receipt[] = [];
  let inFlight = 0;
  let attempts = 0;
  let killed = false;
  const started = Date.now();
  const client = async (n: number) => {
    for (let i = n; !killed; i++) {
      const probe = WRITE_PROBES[i % WRITE_PROBES.length];
      inFlight++;
      attempts++;
      const receipt = await probe.perform(server.baseUrl);
      inFlight--;
      if (receipt !== null) receipts.push({ probe, receipt, round });
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  let inFlightAtKill = 0;
  for (;;) {
    await Bun.sleep(10);
    const ready = receipts.length >= ACKS_BEFORE_KILL && Date.now() - started >= MIN_RUN_MS;
    if ((ready && inFlight > 0) || Date.now() - started > 30_000) {
      inFlightAtKill = inFlight;
      killed = true; // no new writes start; the ones in flight die with the server
      await server.kill();
      break;
    }
  }
  await Promise.all(clients);
  return { receipts, inFlightAtKill, attempts };
}

for (const engine of engines()) {
  describe(`acknowledged writes survive SIGKILL on ${engine.name}`, () => {
    let db: PortalDatabase;
    let server: PortalServer | undefined;

    beforeAll(async () => {
      db = await portalDatabase(engine);
    });
    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    }, 30_000);

    test(`${WRITE_PROBES.map((p) => p.name).join(', ')}: ${CLIENTS} clients, ${ROUNDS} crashes, every acknowledged write is there after restart`, async () => {
      const opts = { dataDir: db.dataDir, databaseUrl: db.databaseUrl };
      const all: Receipt[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        server = await startPortal(opts);
        const { receipts, inFlightAtKill, attempts } = await crashRound(server, round);
        expect(server.alive()).toBe(false);
        console.log(
          `crash (${engine.name}) round ${round}: ${attempts} writes sent, ${receipts.length} acknowledged, ${inFlightAtKill} in flight at SIGKILL (pid ${server.pid})`,
        );
        expect(receipts.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
        expect(inFlightAtKill).toBeGreaterThan(0); // the kill did land while writes were under way
        all.push(...receipts);
      }

      server = await startPortal(opts);
      const lost: string[] = [];
      for (const r of all) {
        if (!(await r.probe.verify(server.baseUrl, r.receipt as never)))
          lost.push(`${r.probe.name} (round ${r.round}): ${JSON.stringify(r.receipt)}`);
      }
      console.log(`crash (${engine.name}): ${all.length} acknowledged writes checked after restart, ${lost.length} missing`);
      for (const probe of WRITE_PROBES) expect(all.some((r) => r.probe === probe)).toBe(true);
      expect(lost).toEqual([]);
    }, 180_000);
  });
}
