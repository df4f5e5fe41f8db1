import { describe, expect, test } from 'bun:test';
import { createUpdateChecker, MANIFEST_DELAY_MS, POLL_INTERVAL_MS, type UpdateCheckerDeps } from './update-check';

function fakeTimers() {
  let now = 1_000_000;
  const timers: { at: number; every?: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      timers.push({ at: now + ms, fn, id: next });
      return next++;
    },
    setInterval: (fn: () => void, ms: number) => {
      timers.push({ at: now + ms, every: ms, fn, id: next });
      return next++;
    },
    clear: (h: unknown) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every) due.at += due.every;
        else timers.splice(timers.indexOf(due), 1);
        due.fn();
        await new Promise((r) => setTimeout(r, 0));
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

function setup(latestId: string, currentId = 'build-a') {
  const t = fakeTimers();
  const urls: string[] = [];
  const manifests: unknown[] = [];
  const outdated: string[] = [];
  const deps: UpdateCheckerDeps = {
    currentId,
    fetch: async (url) => {
      urls.push(url);
      if (url.startsWith('/builds/meta/')) {
        return Response.json({
          id: currentId,
          timestamp: 1,
          matcher: { routes: ['/'], rules: { '/x': { redirect: '/' } } },
          prerendered: [],
        });
      }
      return Response.json({ id: latestId, timestamp: 2 });
    },
    setTimeout: t.setTimeout,
    setInterval: t.setInterval,
    clearTimeout: t.clear,
    clearInterval: t.clear,
    now: t.now,
    onManifest: (m) => manifests.push(m),
    onOutdated: (id) => outdated.push(id),
  };
  return { t, urls, manifests, outdated, checker: createUpdateChecker(deps) };
}

describe('update checker', () => {
  test('fetches the manifest 1 s after start, then latest.json every hour with a timestamp', async () => {
    const { t, urls, manifests, checker } = setup('build-a');
    checker.start();
    await t.advance(MANIFEST_DELAY_MS - 1);
    expect(urls).toEqual([]);
    await t.advance(1);
    expect(urls).toEqual(['/builds/meta/build-a.json']);
    expect(manifests).toHaveLength(1);
    expect(checker.manifest()?.matcher.rules).toEqual({ '/x': { redirect: '/' } });
    await t.advance(POLL_INTERVAL_MS - MANIFEST_DELAY_MS);
    expect(urls[1]).toBe(`/builds/latest.json?t=${1_000_000 + POLL_INTERVAL_MS}`);
    expect(checker.isOutdated()).toBe(false);
    await t.advance(POLL_INTERVAL_MS);
    expect(urls).toHaveLength(3);
    checker.stop();
    expect(t.pending()).toBe(0);
  });

  test('a different id marks the page outdated (once)', async () => {
    const { t, outdated, checker } = setup('build-b');
    checker.start();
    await t.advance(POLL_INTERVAL_MS * 2);
    expect(checker.isOutdated()).toBe(true);
    expect(checker.latestId()).toBe('build-b');
    expect(outdated).toEqual(['build-b']);
  });

  test('no checks in dev or without a build id; failures are ignored', async () => {
    for (const id of ['', 'dev']) {
      const { t, urls, checker } = setup('x', id);
      checker.start();
      await t.advance(POLL_INTERVAL_MS);
      expect(urls).toEqual([]);
    }
    const broken = createUpdateChecker({
      currentId: 'a',
      fetch: async () => {
        throw new TypeError('offline');
      },
      setTimeout: () => 0,
      setInterval: () => 0,
      clearTimeout: () => {},
      clearInterval: () => {},
      now: () => 0,
    });
    expect(await broken.checkNow()).toBe(false);
  });
});
