import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Inner, Labelled, Loose } from '../../../tests/fixtures/islands';
import { importForBrowser } from '../../../tests/support/client-bundle';
import { ISLAND_TAG, serializeIslandProps } from './island';

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.pageRuntime;
  delete document.documentElement.dataset.navReady;
});

/** The server's HTML of `el` as elements of this document. */
function serve(el: ReactElement): HTMLElement[] {
  document.body.innerHTML = renderToString(el);
  return [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)];
}

/** The ids in a Labelled boundary: its label's `for`, input, hint, inner paragraph. */
const idsIn = (b: Element) => [
  b.querySelector('label')!.htmlFor,
  b.querySelector('input')!.id,
  b.querySelector('span')!.id,
  b.querySelector('p')!.id,
];

describe('island boundaries on the server', () => {
  test('the boundary names the island, carries its props as JSON and a uid for its ids', () => {
    const boundaries = serve(
      <main>
        <Labelled label="Name" start={1} />
        <Labelled label="Mobile" start={5} />
      </main>,
    );
    expect(boundaries).toHaveLength(2);
    const [a, b] = boundaries;
    expect(a.dataset.island).toBe('fixture/Labelled');
    expect(JSON.parse(a.dataset.props!)).toEqual({ label: 'Name', start: 1 });
    expect(JSON.parse(b.dataset.props!)).toEqual({ label: 'Mobile', start: 5 });
    expect(a.dataset.uid).toMatch(/^[\w-]+$/);
    expect(b.dataset.uid).not.toBe(a.dataset.uid);
    // useIslandId(): the uid and the hook's order, also in the nested island (no boundary of its own).
    const uid = a.dataset.uid;
    expect(idsIn(a)).toEqual([`${uid}-0`, `${uid}-0`, `${uid}-1`, `${uid}-2`]);
    expect(a.querySelector('input')!.getAttribute('aria-describedby')).toBe(`${uid}-1`);
    expect(a.textContent).toContain('Name inside');
    expect(document.querySelectorAll(`${ISLAND_TAG} ${ISLAND_TAG}`)).toHaveLength(0);
  });

  test('an island rendered by server code on its own has its own boundary', () => {
    const [b] = serve(<Inner note="alone" />);
    expect([b.dataset.island, b.dataset.props, b.querySelector('p')!.id]).toEqual([
      'fixture/Inner',
      '{"note":"alone"}',
      `${b.dataset.uid}-0`,
    ]);
  });

  test('props that are not plain JSON fail the render, naming the island and the prop', () => {
    expect(() => renderToString(<Loose when={new Date(0)} />)).toThrow(
      'fixture/Loose: island prop props.when is not plain JSON ([object Date])',
    );
    expect(() => renderToString(<Loose icon={<b>x</b>} />)).toThrow(/^fixture\/Loose: island prop props\.icon\b.* is not plain JSON/);
    expect(() => renderToString(<Loose rows={[{ at: new Map() }]} />)).toThrow(
      'island prop props.rows[0].at is not plain JSON ([object Map])',
    );
  });

  test('callbacks (only client code can pass them) are left out of the props the browser gets', () => {
    const [b] = serve(<Loose onPick={() => {}} n={1} />);
    expect(b.dataset.props).toBe('{"n":1}');
  });

  test('serializeIslandProps: plain JSON only; undefined object values are dropped like JSON does', () => {
    const refuse = (props: object) => () => serializeIslandProps('x', props);
    expect(refuse({ d: new Date(0) })).toThrow('x: island prop props.d is not plain JSON ([object Date])');
    expect(refuse({ n: Number.NaN })).toThrow('x: island prop props.n is not a finite number');
    expect(refuse({ n: Number.POSITIVE_INFINITY })).toThrow('is not a finite number');
    expect(refuse({ list: [1, undefined, 3] })).toThrow('x: island prop props.list[1] is undefined');
    expect(refuse({ m: new Map() })).toThrow('[object Map]');
    expect(refuse({ s: new Set([1]) })).toThrow('[object Set]');
    expect(refuse({ big: 1n })).toThrow('[object BigInt]');
    expect(refuse({ deep: { inner: { at: new Date(0) } } })).toThrow('props.deep.inner.at is not plain JSON');
    expect(refuse({ nested: { fn: () => {} } })).toThrow('props.nested.fn is not plain JSON'); // only top-level callbacks are dropped
    class Point {
      x = 1;
    }
    expect(refuse({ p: new Point() })).toThrow('props.p is not plain JSON');
    expect(refuse({ el: <i /> })).toThrow(/props\.el\b.* is not plain JSON/);

    expect(serializeIslandProps('x', { a: 'é"<', b: 0, c: null, d: [true, { e: [] }], skip: undefined, onDone: () => {} })).toBe(
      '{"a":"é\\"<","b":0,"c":null,"d":[true,{"e":[]}]}',
    );
  });

  test('outside a boundary (a component rendered bare, as unit tests do) useIslandId is React useId', () => {
    document.body.innerHTML = renderToString(
      <>
        <Labelled.island.Component label="A" start={0} />
        <Labelled.island.Component label="B" start={0} />
      </>,
    );
    const [a, b] = [...document.querySelectorAll('.labelled')];
    expect(a.parentElement).toBe(document.body);
    expect(idsIn(a)[0]).toBe(idsIn(a)[1]);
    expect(new Set([...idsIn(a), ...idsIn(b)]).size).toBe(6);
    // The islands it renders have boundaries of their own then.
    expect([...document.querySelectorAll<HTMLElement>(ISLAND_TAG)].map((el) => el.dataset.island)).toEqual([
      'fixture/Inner',
      'fixture/Inner',
    ]);
  });
});

// The browser's copy: Preact instead of React, as scripts/build-client.ts builds island scripts.
interface Browser extends Record<string, Record<string, unknown>> {
  fixture: typeof import('../../../tests/fixtures/islands');
  hydrate: typeof import('./hydrate');
  password: typeof import('~/islands/account-password-form');
}
let browser: Browser;
beforeAll(async () => {
  browser = await importForBrowser<Browser>({
    fixture: 'tests/fixtures/islands.tsx',
    hydrate: 'src/lib/islands/hydrate.ts',
    password: 'src/islands/account-password-form.tsx',
  });
}, 60_000);

describe('hydration in the browser (Preact over the server HTML)', () => {
  test('useIslandId gives the browser the ids of the server HTML; no node is replaced; the island is live', async () => {
    const boundaries = serve(
      <main>
        <Labelled label="Name" start={1} />
        <Labelled label="Mobile" start={5} />
      </main>,
    );
    const serverIds = boundaries.flatMap((b) => {
      const [label, , hint, inner] = idsIn(b);
      return [label, hint, inner];
    });
    const before = [...document.body.querySelectorAll('*')];
    const html = document.body.innerHTML;
    browser.fixture.seenIds.length = 0;

    expect(browser.hydrate.hydrateIslands(browser.fixture, document)).toBe(2);

    // Render order: Labelled's two ids, then its Inner's one, per boundary.
    expect(browser.fixture.seenIds).toEqual(serverIds);
    expect([...document.body.querySelectorAll('*')]).toEqual(before);
    expect(before.every((el) => el.isConnected)).toBe(true);
    expect(boundaries.map((b) => b.dataset.hydrated)).toEqual(['', '']);
    expect(document.body.innerHTML).toBe(html.replaceAll(/data-uid="([^"]+)"/g, 'data-uid="$1" data-hydrated=""'));

    const second = boundaries[1].querySelector('button')!;
    second.click();
    await Bun.sleep(0);
    expect(second.textContent).toBe('6'); // props from data-props, handlers attached
    expect(boundaries[0].querySelector('button')!.textContent).toBe('1');
  });

  test('only top-level boundaries of its own module; each once; the ready mark once nothing waits', () => {
    const server = renderToString(<Labelled label="Name" start={1} />);
    document.body.innerHTML = `${server}<portal-island data-island="other-file/Thing" data-props="{}" data-uid="o">${server}</portal-island>`;
    document.documentElement.dataset.pageRuntime = 'true';
    const [own, other, nested] = [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)];
    expect(nested.parentElement).toBe(other);

    expect(browser.hydrate.hydrateIslands(browser.fixture, document)).toBe(1);
    expect([own.dataset.hydrated, other.dataset.hydrated, nested.dataset.hydrated]).toEqual(['', undefined, undefined]);
    expect(document.documentElement.dataset.navReady).toBeUndefined(); // other-file's script has not run
    expect(browser.hydrate.hydrateIslands(browser.fixture, document)).toBe(0);

    other.remove();
    expect(browser.hydrate.hydrateIslands({}, document)).toBe(0);
    expect(document.documentElement.dataset.navReady).toBe('true');
  });

  test('a real island: the password form hydrates with the server ids, its labels and hints keep pointing at its fields', async () => {
    const { AccountPasswordForm } = await import('~/islands/account-password-form');
    const text = { oldPassword: 'Old', newPassword: 'New', confirmPassword: 'Again', rule: '8 or more characters', submit: 'Save' };
    const texts = { 'validate.required': 'Required', 'validate.password': 'Too weak' };
    const [boundary] = serve(<AccountPasswordForm text={text} texts={texts} />);
    const before = [...boundary.querySelectorAll('*')];
    expect(browser.hydrate.hydrateIslands(browser.password, document)).toBe(1);
    expect([...boundary.querySelectorAll('*')]).toEqual(before);

    for (const label of boundary.querySelectorAll('label')) expect(document.getElementById(label.htmlFor)?.localName).toBe('input');
    // After the member typed and left the field, the browser renders the field's description:
    // the hint's id comes from the server's HTML, the reference from the browser's render.
    const input = boundary.querySelector<HTMLInputElement>('input[name="newPassword"]')!;
    input.value = 'x';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('blur'));
    await Bun.sleep(10);
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy).toHaveLength(2);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual(['Too weak', '8 or more characters']);
  });
});
