/**
 * Shared state across a cluster (issue "Scale-out, proven"): three built instances behind nginx
 * round-robin, one PostgreSQL, one object store. Everything goes through the proxy, and every step
 * checks which instance answered it, so "it worked" means "it worked on another instance":
 *
 * - failed logins are counted in the database: an account is locked at exactly MAX_LOGIN_FAILURES
 *   failures spread over all instances, and one address at exactly LOGIN_FAILURES_PER_IP (the last
 *   test: it locks this process's address out for the rest of the window);
 * - a captcha issued on one instance is answered on another and refused when replayed on another
 *   than the one that used it;
 *   an e-mail code sent by one instance registers the member on another;
 * - a direct upload's policy from one instance is accepted by the callback on another, and the file
 *   is served (to its owner only) by every instance;
 * - each scheduled job runs once per cluster: `insurer-answers` once a second, not three times, and
 *   a renewal reminder goes out once however many instances run the job.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Cluster, ClusterInstance } from '../../scripts/cluster/index';
import type { Envelope as Env } from '../../src/features/_shared/envelope';
import { LOCK_WINDOW, MAX_LOGIN_FAILURES } from '../../src/features/identity';
import { addDays, todayIn } from '../../src/features/orders';
import { readOutbox } from '../../src/server/delivery';
import { getSiteConfig } from '../../src/server/site-config';
import { png } from '../support/upload-files';
import { type Answer, API, call, clusterAvailable, DEMO, distinct, login, MANAGER, onEveryInstance, SITE1, testCluster } from './support';

/** The per-IP login limit the cluster runs with: small, so the last test can reach it. */
const PER_IP = 14;

const sleep = (ms: number) => Bun.sleep(ms);
const rand = () => crypto.randomUUID().replace(/-/g, '').slice(0, 8);
const sha1 = (b: Uint8Array) => new Bun.CryptoHasher('sha1').update(b).digest('hex');
/** `p2:1234:abcd` → `p2`: the scheduler's holder id starts with PORTAL_INSTANCE. */
const instanceOf = (holder: unknown) => String(holder ?? '').split(':')[0];

/**
 * Login counters are fixed windows of LOCK_WINDOW seconds (src/server/rate-limit.ts): attempts on
 * both sides of a window's end are counted apart. Wait until `seconds` are left in this window.
 */
async function awayFromWindowEdge(seconds: number): Promise<void> {
  const left = LOCK_WINDOW - ((Date.now() / 1000) % LOCK_WINDOW);
  if (left < seconds) await sleep(left * 1000 + 50);
}

/** Asserts that consecutive steps landed on different instances (the round-robin did its job). */
function expectDifferent(...answers: Answer[]) {
  for (let i = 1; i < answers.length; i++) expect(answers[i].instance).not.toBe(answers[i - 1].instance);
}

describe.skipIf(!clusterAvailable())('shared state across three instances behind round-robin', () => {
  let cluster: Cluster;
  const names = () => cluster.instances.map((p) => p.name).sort();

  /** Instances paused with SIGSTOP (a frozen process: it neither ticks nor answers) while `fn` runs. */
  async function whilePaused<T>(paused: ClusterInstance[], fn: () => Promise<T>): Promise<T> {
    for (const p of paused) process.kill(p.pid()!, 'SIGSTOP');
    try {
      return await fn();
    } finally {
      for (const p of paused) process.kill(p.pid()!, 'SIGCONT');
    }
  }

  async function lease(name: string) {
    const [r] = await cluster.db().sql`SELECT runs, holder, last_holder FROM job_lease WHERE name = ${name}`;
    return { runs: Number(r.runs), holder: r.holder as string | null, lastHolder: r.last_holder as string | null };
  }

  /** Polls until `check` returns a value (not undefined); fails after `ms`. */
  async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await check();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await sleep(100);
    }
  }

  const loginAttempt = (account: string, password: string) => call<Env>(cluster.url, `${API}/user/login`, { json: { account, password } });

  beforeAll(async () => {
    cluster = await testCluster({ env: { LOGIN_FAILURES_PER_IP: String(PER_IP) } });
  }, 240_000);
  afterAll(async () => {
    // A failed test may have left an instance paused: a stopped process cannot shut down cleanly.
    for (const p of cluster?.instances ?? []) if (p.alive() && p.pid()) process.kill(p.pid()!, 'SIGCONT');
    await cluster?.stop();
  }, 60_000);

  test('the proxy cycles one client over all three instances', async () => {
    // The other tests rely on this to put consecutive steps on different instances (and check it).
    const seen: Answer[] = [];
    for (let i = 0; i < 6; i++) seen.push(await call(cluster.url, '/healthz'));
    expect(distinct(seen).sort()).toEqual(names());
    expectDifferent(...seen);
  });

  test('failed logins on all instances lock an account at exactly the limit; then 429 with Retry-After on every instance', async () => {
    await awayFromWindowEdge(20);
    // An account nobody has: failures against it count like against a real one, and no other test
    // (or person) signs in with it.
    const account = `ghost_${rand()}`;
    const failures: Answer<Env>[] = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) failures.push(await loginAttempt(account, `Guess#${i}000`));
    // Every one of the limit's attempts was still a plain "wrong": the lock did not come early…
    expect(failures.map((f) => f.status)).toEqual(Array(MAX_LOGIN_FAILURES).fill(401));
    // …and they were spread over all three instances, so no instance saw more than a few of them.
    expect(distinct(failures).sort()).toEqual(names());
    for (const name of names()) expect(failures.filter((f) => f.instance === name).length).toBeLessThan(MAX_LOGIN_FAILURES / 2);
    // Per-instance counters would each hold ~3 and answer 401 again; the shared one is at the limit.
    const locked = await onEveryInstance(cluster, () => loginAttempt(account, 'Guess#final'));
    for (const [name, r] of locked) {
      expect([name, r.status, r.body.code]).toEqual([name, 429, 429001]);
      expect(r.body.message).toMatch(/try again in \d+ minutes/);
      const retry = Number(r.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(LOCK_WINDOW);
    }
  });

  test('a captcha issued on one instance is checked on a second and used on the third; its e-mail code registers on another; a replay is refused', async () => {
    const username = `cs_${rand()}`;
    const email = `${username}@example.com`;
    const issued = await call<Env<{ id: string; test_answer?: string }>>(cluster.url, `${API}/index/clickCaptcha`);
    expect(issued.status).toBe(200);
    const { id: captchaId, test_answer: captchaInfo } = issued.body.data;
    expect(captchaInfo).toBeString();
    // The widget's pre-check (not consuming): the answer stored by the issuing instance is found here.
    const checked = await call<Env>(cluster.url, `${API}/index/checkClickCaptcha`, {
      json: { id: captchaId, info: captchaInfo, unset: false },
    });
    expect([checked.status, checked.body.code]).toEqual([200, 200001]);
    // Sending the code consumes the captcha.
    const sent = await call<Env>(cluster.url, `${API}/ems/send`, { json: { email, event: 'user_register', captchaId, captchaInfo } });
    expect([sent.status, sent.body.code]).toEqual([200, 200001]);
    expect(distinct([issued, checked, sent]).sort()).toEqual(names());

    // Replayed on an instance other than the one that consumed it (another address, so that only the
    // captcha can refuse it): a per-instance "used" mark would let it through.
    const replay = await call<Env<{ field?: string }>>(cluster.url, `${API}/ems/send`, {
      json: { email: `other_${email}`, event: 'user_register', captchaId, captchaInfo },
    });
    expect(replay.instance).not.toBe(sent.instance);
    expect([replay.status, replay.body.data?.field]).toEqual([400, 'captcha']);
    expect(readOutbox(cluster.outboxDir, `other_${email}`)).toEqual([]);

    // The code as the person reads it: from the shared outbox.
    const mail = readOutbox(cluster.outboxDir, email);
    expect(mail.map((m) => m.event)).toEqual(['user_register']);
    const code = mail[0].code!;
    const registered = await call<Env<{ userInfo: { username: string } }>>(cluster.url, `${API}/user/register`, {
      json: { registerType: 'email', username, email, password: 'Secret#123', captcha: code },
    });
    expect(registered.instance).not.toBe(sent.instance);
    expect([registered.status, registered.body.code, registered.body.data?.userInfo?.username]).toEqual([200, 200001, username]);
    expectDifferent(issued, checked, sent, replay, registered);

    const logins = await onEveryInstance(cluster, () => loginAttempt(username, 'Secret#123'));
    for (const [name, r] of logins) expect([name, r.status, r.body.code]).toEqual([name, 200, 200001]);
  });

  test('a direct upload: policy from one instance, callback on another; the file is served by every instance to its owner only', async () => {
    const owner = await login(cluster, DEMO.account, DEMO.password);
    const other = await login(cluster, MANAGER.account, MANAGER.password);
    const bytes = png(24, 16);

    const policy = await call<Env<{ upload: { mode: string; url?: string; params?: Record<string, string | number> } }>>(
      cluster.url,
      `${API}/index/qiniutoken`,
      { json: {}, token: owner.token },
    );
    expect([policy.status, policy.body.data.upload.mode]).toEqual([200, 's3']);
    const { url: postUrl = '', params = {} } = policy.body.data.upload;
    // What the browser does: POST the file straight to the store, under the member's own prefix.
    const key = `${params['x-ignore-key-prefix']}shared/cluster-${rand()}.png`;
    const form = new FormData();
    form.append('key', key);
    for (const [k, v] of Object.entries(params)) if (!k.startsWith('x-ignore-')) form.append(k, String(v));
    form.append('file', new File([bytes], 'cluster.png'));
    const stored = await fetch(postUrl, { method: 'POST', body: form });
    expect(stored.status).toBe(204);

    const callback = await call<Env<{ file: { url: string; size: number; storage: string } }>>(cluster.url, `${API}/ajax/uploadCallback`, {
      json: { url: `${postUrl}/${key}`, name: 'cluster.png', size: bytes.length, type: 'image/png', sha1: sha1(bytes), topic: 'claim' },
      token: owner.token,
    });
    // The instance that checks the object never saw the policy being made.
    expect(callback.instance).not.toBe(policy.instance);
    expect([callback.status, callback.body.code, callback.body.data?.file?.storage]).toEqual([200, 200001, 's3']);
    const path = callback.body.data.file.url;
    expect(path).toMatch(/^\/storage\/claim\//);

    const fetchFile = async (token: string): Promise<Answer<Uint8Array>> => {
      const res = await fetch(`${cluster.url}${path}`, { headers: { 'ba-user-token': token } });
      const body = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, body, instance: res.headers.get('x-portal-instance') ?? '', headers: res.headers };
    };
    for (const [name, r] of await onEveryInstance(cluster, () => fetchFile(owner.token))) {
      expect([name, r.status, r.headers.get('content-type')]).toEqual([name, 200, 'image/png']);
      expect(r.body).toEqual(bytes);
    }
    for (const [name, r] of await onEveryInstance(cluster, () => fetchFile(other.token))) expect([name, r.status]).toEqual([name, 404]);
  });

  test('insurer-answers (every second) runs about once a second across the cluster, not once per instance; another instance takes over', async () => {
    const job = 'insurer-answers';
    const holders = new Set<string>();
    const before = await lease(job);
    const started = Date.now();
    while (Date.now() - started < 8000) {
      holders.add(instanceOf((await lease(job)).lastHolder));
      await sleep(250);
    }
    const after = await lease(job);
    const seconds = (Date.now() - started) / 1000;
    const runs = after.runs - before.runs;
    // All three tick every second: a lease per instance would give ~3 runs a second (~24 here).
    expect(runs).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    // And it does run (a lease that is never released would show none). Only a loose lower bound:
    // on a loaded 2-core machine a tick can come late, but never three times per second.
    expect(runs).toBeGreaterThanOrEqual(2);

    // Each instance's ticks come at a random phase (src/server/jobs/scheduler.ts), so the claims
    // spread over the instances: with a fixed phase one instance would win every run.
    expect(holders.size).toBeGreaterThan(1);

    // Freeze the last holder (not while it holds the lease, or nobody could claim until it
    // resumed): another instance must claim the next runs.
    const winner = cluster.instances.find((p) => p.name === instanceOf(after.lastHolder))!;
    expect(winner).toBeDefined();
    const takenBy = await until('another instance to run insurer-answers', 30_000, () =>
      whilePaused([winner], async () => {
        if (instanceOf((await lease(job)).holder) === winner.name) return undefined; // frozen mid-run: try again
        const taken = await until('a run by another instance', 5000, async () => {
          const l = await lease(job);
          return instanceOf(l.lastHolder) !== winner.name && l.runs > after.runs ? l : undefined;
        });
        return instanceOf(taken.lastHolder);
      }).catch(() => undefined),
    );
    holders.add(takenBy);
    expect(takenBy).not.toBe(winner.name);
    expect(holders.size).toBeGreaterThan(1);
    for (const h of holders) expect(names()).toContain(h);
  }, 60_000);

  test('a renewal reminder goes out once for its policy and threshold, however often and on whichever instance the job runs', async () => {
    const db = cluster.db();
    const { site } = await getSiteConfig(db);
    const today = todayIn(site.timezone);
    // A policy in force that no reminder concerns yet (ends beyond the largest threshold, 30 days).
    const [policy] = await db.sql`SELECT o.id, o.policy_no, o.order_no, u.email FROM policy_order o JOIN "user" u ON u.id = o.user_id
      WHERE o.status = 'effective' AND o.start_date <= ${today} AND o.end_date > ${addDays(today, 30)} AND u.email IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM renewal_reminder r WHERE r.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM policy_order n WHERE n.renewal_of = o.id)
      ORDER BY o.id LIMIT 1`;
    expect(policy).toBeDefined();
    const orderId = Number(policy.id);
    const no = String(policy.policy_no ?? policy.order_no);
    const email = String(policy.email);
    const link = `/user/renewal?id=${orderId}`;
    const mails = () => readOutbox(cluster.outboxDir, email).filter((m) => m.event === 'cover_ending' && m.subject.includes(no));
    expect(mails()).toEqual([]);
    // Now it ends in 14 days: due for the 14-day reminder.
    await db.sql`UPDATE policy_order SET end_date = ${addDays(today, 14)} WHERE id = ${orderId}`;

    const job = 'renewal-reminders';
    /** Makes the job due now and waits for one run; returns the instance that ran it. */
    const runOnce = async () => {
      const before = await lease(job);
      await db.sql`UPDATE job_lease SET next_run_at = ${Math.floor(Date.now() / 1000)} WHERE name = ${job}`;
      const done = await until(`a run of ${job}`, 10_000, async () => {
        const l = await lease(job);
        return l.runs > before.runs && l.holder === null ? l : undefined;
      });
      expect(done.runs).toBe(before.runs + 1);
      return instanceOf(done.lastHolder);
    };
    // First with all three ticking (whichever claims it), then once on each instance in turn, the
    // other two frozen: every instance has run the job after the reminder went out.
    const ranOn = [await runOnce()];
    for (const target of cluster.instances) {
      ranOn.push(
        await whilePaused(
          cluster.instances.filter((p) => p !== target),
          runOnce,
        ),
      );
    }
    expect(ranOn.slice(1)).toEqual(cluster.instances.map((p) => p.name));

    // One claim row, one notice, one e-mail copy sent, one message in the shared outbox.
    const claims = await db.sql`SELECT days, notification_id FROM renewal_reminder WHERE order_id = ${orderId}`;
    expect(claims.map((c: { days: unknown }) => Number(c.days))).toEqual([14]);
    const notices = await db.sql`SELECT id FROM notification WHERE kind = 'cover_ending' AND link = ${link}`;
    expect(notices.map((n: { id: unknown }) => Number(n.id))).toEqual([Number(claims[0].notification_id)]);
    const copies =
      await db.sql`SELECT channel, status FROM notice_delivery WHERE notification_id = ${Number(notices[0].id)} AND channel = 'email'`;
    expect(copies.map((c: { status: unknown }) => String(c.status))).toEqual(['sent']);
    expect(mails().length).toBe(1);
  }, 90_000);

  // Last: once the address is over its limit, no login from this test process works for the rest
  // of the window (nginx passes every request on from 127.0.0.1).
  test('failed logins from one address on all instances reach LOGIN_FAILURES_PER_IP; then even a right password answers 429 everywhere', async () => {
    await awayFromWindowEdge(20);
    // What the address has used of its allowance in this window so far (the first test's failures).
    const nowS = Math.floor(Date.now() / 1000);
    const [row] = await cluster.db().sql`SELECT COALESCE(SUM(count), 0) AS n FROM rate_counter
      WHERE key = 'login:ip:127.0.0.1' AND window_start = ${nowS - (nowS % LOCK_WINDOW)}`;
    const used = Number(row.n);
    expect(used).toBeLessThan(PER_IP - 2);
    // Each against another account nobody has: no account limit comes near.
    const failures: Answer<Env>[] = [];
    for (let i = used; i < PER_IP; i++) failures.push(await loginAttempt(`nobody_${rand()}`, 'Guess#1234'));
    expect(failures.map((f) => f.status)).toEqual(Array(PER_IP - used).fill(401));
    expect(distinct(failures).sort()).toEqual(names());
    // A right password of an account without a single failure: refused for the address alone.
    const refused = await onEveryInstance(cluster, () => loginAttempt(SITE1.account, SITE1.password));
    for (const [name, r] of refused) {
      expect([name, r.status, r.body.code]).toEqual([name, 429, 429001]);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
