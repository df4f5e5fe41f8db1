/**
 * No page ever carries another member's data or language (#15): two members of different groups
 * and languages load member pages from the built server in parallel, many times over, document
 * loads and client navigations (RSC) alike, and every response must be the requester's own.
 * Guards the per-request state of the render path: the static-region hand-off between the RSC
 * and HTML renders, the config caches, the request context, and the page cache (whose answers
 * are counted: most document loads of the order lists come from it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type DemoPortals, type PortalServer, demoPortals, loginToken } from '../support/server';
import { engines } from '../support/test-db';

interface Member {
  account: string;
  password: string;
  lang: 'zh-cn' | 'en';
  cookie: string;
  nickname: string;
  orders: Set<string>;
}

const PAGES = ['/user/order/guzhu?limit=20', '/user/account/overview', '/RSC/R/user/order/guzhu.txt?limit=20', '/user/order/tuanyi'];
const ROUNDS = 30;

async function member(baseUrl: string, account: string, password: string, lang: Member['lang']): Promise<Member> {
  const token = await loginToken(baseUrl, account, password);
  const headers = { 'ba-user-token': token };
  const info = (await (await fetch(`${baseUrl}/userapi/v1/index/index`, { headers })).json()) as {
    data: { userInfo: { nickname: string; username: string } };
  };
  const orders = new Set<string>();
  for (const type of ['guzhu', 'tuanyi']) {
    const list = (await (await fetch(`${baseUrl}/userapi/v1/order/list?type=${type}&limit=50`, { headers })).json()) as {
      data: { list: { order_no: string }[] };
    };
    for (const o of list.data.list) orders.add(o.order_no);
  }
  return {
    account,
    password,
    lang,
    cookie: `ba-user-token=${encodeURIComponent(token)}; ba-lang=${lang}`,
    nickname: info.data.userInfo.nickname || info.data.userInfo.username,
    orders,
  };
}

/** What is wrong with `body` as `m`'s page (empty when it is theirs alone). */
function problems(body: string, path: string, m: Member, other: Member): string[] {
  const out: string[] = [];
  const rsc = path.startsWith('/RSC/');
  if (!rsc && !body.includes(`<html lang="${m.lang}"`)) out.push(`not in ${m.lang}`);
  if (rsc && !body.includes(`"lang":"${m.lang}"`)) out.push(`RSC payload not in ${m.lang}`);
  if (!body.includes(m.nickname)) out.push(`without ${m.account}'s name`);
  if (body.includes(other.nickname)) out.push(`shows ${other.account}'s name`);
  for (const no of body.matchAll(/data-order=\\?"([A-Z]{2}\d+)/g)) {
    if (!m.orders.has(no[1] as string)) out.push(`lists order ${no[1]} that is not ${m.account}'s`);
  }
  return out;
}

for (const engine of engines()) {
  describe(`pages belong to their requester on ${engine.name}`, () => {
    let portals: DemoPortals;
    let server: PortalServer;
    let demo: Member;
    let manager: Member;

    beforeAll(async () => {
      portals = await demoPortals(engine);
      [server] = portals.servers as [PortalServer];
      demo = await member(server.baseUrl, 'demo', 'Demo#2026', 'zh-cn');
      manager = await member(server.baseUrl, 'manager', 'Manager#2026', 'en');
    }, 120_000);
    afterAll(() => portals?.stop(), 30_000);

    test(`${ROUNDS} rounds of ${PAGES.length} pages for two members at once: each response is its requester's`, async () => {
      expect(demo.nickname).not.toBe(manager.nickname);
      // The two members' orders differ, so a row in the wrong list is caught.
      expect([...demo.orders].some((no) => manager.orders.has(no))).toBe(false);
      const wrong: string[] = [];
      let tables = 0;
      let cached = 0;
      const load = async (m: Member, other: Member, path: string) => {
        const res = await fetch(`${server.baseUrl}${path}`, {
          headers: { cookie: m.cookie, accept: path.startsWith('/RSC/') ? '*/*' : 'text/html' },
        });
        const body = await res.text();
        if (res.headers.get('x-page-cache') === 'hit') cached++;
        if (res.status !== 200) wrong.push(`${m.account} ${path}: HTTP ${res.status}`);
        if (body.includes('data-order=')) tables++;
        for (const p of problems(body, path, m, other)) wrong.push(`${m.account} ${path}: ${p}`);
      };
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(PAGES.flatMap((path) => [load(demo, manager, path), load(manager, demo, path)]));
      }
      expect(wrong).toEqual([]);
      expect(tables).toBeGreaterThan(ROUNDS * 2); // the order tables really were checked
      expect(cached).toBeGreaterThan(ROUNDS * 2); // and the page cache answered many of them
    }, 180_000);
  });
}
