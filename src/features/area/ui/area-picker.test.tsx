import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { AREA_URL, AreaPicker, clearAreaCache } from './area-picker';

// A slice of the API's answers: GET /userapi/v1/index/area?province=&city=.
const DATA: Record<string, { value: string; label: string }[]> = {
  '/': [
    { value: '110000', label: '北京市' },
    { value: '440000', label: '广东省' },
  ],
  '110000/': [{ value: '110100', label: '北京市' }],
  '110000/110100': [{ value: '110101', label: '东城区' }],
  '440000/': [
    { value: '440100', label: '广州市' },
    { value: '440300', label: '深圳市' },
  ],
  '440000/440300': [
    { value: '440304', label: '福田区' },
    { value: '440305', label: '南山区' },
  ],
};

const envelope = (data: unknown, code = 200001, message = '') => JSON.stringify({ code, message, data, time: 0 });

let calls: string[];
let answer: (url: URL) => Response | Promise<Response>;
const orig = globalThis.fetch;

function fixture(url: URL): Response {
  const key = `${url.searchParams.get('province') ?? ''}/${url.searchParams.get('city') ?? ''}`;
  return new Response(envelope(DATA[key] ?? []), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  clearAreaCache();
  document.documentElement.lang = 'en';
  calls = [];
  answer = fixture;
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    calls.push(url.pathname + url.search);
    return answer(url);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = orig;
});

const settle = () => act(async () => new Promise((r) => setTimeout(r, 5)));
const select = (c: HTMLElement, name: string) => c.querySelector(`select[name="${name}"]`) as HTMLSelectElement;
const labels = (s: HTMLSelectElement) => [...s.options].map((o) => o.textContent);

describe('AreaPicker', () => {
  test('three labelled selects; choosing a province, then a city, loads the next level', async () => {
    const onChange = mock();
    const { container, getByLabelText } = render(
      <form>
        <AreaPicker lang="en" onChange={onChange} />
      </form>,
    );
    const province = getByLabelText('Province') as HTMLSelectElement;
    expect(province.name).toBe('province');
    expect((getByLabelText('City') as HTMLSelectElement).disabled).toBe(true);
    expect((getByLabelText('District') as HTMLSelectElement).disabled).toBe(true);
    expect(container.querySelector('legend')?.textContent).toBe('Region');
    await settle();
    expect(calls).toEqual([AREA_URL]);
    expect(labels(province)).toEqual(['Please choose', '北京市', '广东省']);

    fireEvent.change(province, { target: { value: '440000' } });
    await settle();
    expect(calls[1]).toBe(`${AREA_URL}?province=440000`);
    const city = select(container, 'city');
    expect(city.disabled).toBe(false);
    expect(labels(city)).toEqual(['Please choose', '广州市', '深圳市']);

    fireEvent.change(city, { target: { value: '440300' } });
    await settle();
    expect(calls[2]).toBe(`${AREA_URL}?province=440000&city=440300`);
    const district = select(container, 'district');
    fireEvent.change(district, { target: { value: '440305' } });
    expect(onChange).toHaveBeenLastCalledWith({ province: '440000', city: '440300', district: '440305' });
    // What the form posts (Bun's FormData cannot read a happy-dom form): every named, enabled select.
    const form = container.querySelector('form')!;
    const posted = Object.fromEntries([...form.querySelectorAll('select')].filter((s) => !s.disabled).map((s) => [s.name, s.value]));
    expect(posted).toEqual({ province: '440000', city: '440300', district: '440305' });
  });

  test('initial values load every level and stay selected; a new province clears city and district', async () => {
    const { container } = render(
      <AreaPicker
        lang="zh-cn"
        names={{ province: 'addr[p]', city: 'addr[c]', district: 'addr[d]' }}
        defaultValue={{ province: '440000', city: '440300', district: '440305' }}
      />,
    );
    // Before the lists arrive the chosen codes are already there (a post keeps them).
    expect(select(container, 'addr[d]').value).toBe('440305');
    await settle();
    expect(calls.sort()).toEqual([AREA_URL, `${AREA_URL}?province=440000`, `${AREA_URL}?province=440000&city=440300`].sort());
    const district = select(container, 'addr[d]');
    expect(district.value).toBe('440305');
    expect(district.selectedOptions[0].textContent).toBe('南山区');
    expect(container.querySelector('label')?.textContent).toBe('省份');

    fireEvent.change(select(container, 'addr[p]'), { target: { value: '110000' } });
    expect(select(container, 'addr[c]').value).toBe('');
    expect(select(container, 'addr[d]').value).toBe('');
    expect(select(container, 'addr[d]').disabled).toBe(true);
    await settle();
    expect(labels(select(container, 'addr[c]'))).toEqual(['请选择', '北京市']);
  });

  test('loading shows on the select; an answer for a province no longer chosen is dropped', async () => {
    const pending: Record<string, (r: Response) => void> = {};
    answer = (url) => (url.searchParams.has('province') ? new Promise((r) => (pending[url.search] = r)) : fixture(url));
    const { container } = render(<AreaPicker lang="en" />);
    await settle();
    fireEvent.change(select(container, 'province'), { target: { value: '440000' } });
    await settle();
    const city = select(container, 'city');
    expect(city.getAttribute('aria-busy')).toBe('true');
    expect(labels(city)).toEqual(['Loading...']);
    fireEvent.change(select(container, 'province'), { target: { value: '110000' } });
    await settle();
    await act(async () => {
      pending['?province=110000'](fixture(new URL('http://x/?province=110000')));
      pending['?province=440000'](fixture(new URL('http://x/?province=440000')));
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(labels(select(container, 'city'))).toEqual(['Please choose', '北京市']);
    expect(select(container, 'city').hasAttribute('aria-busy')).toBe(false);
  });

  test("a failed load shows the helper's §8 text with a retry", async () => {
    let fail = true;
    answer = (url) => (fail ? new Response(envelope(null, 500001, 'x'), { status: 500 }) : fixture(url));
    const { container, getByRole } = render(<AreaPicker lang="en" />);
    await settle();
    expect(getByRole('alert').textContent).toContain('Server internal error!');
    const province = select(container, 'province');
    expect(province.getAttribute('aria-invalid')).toBe('true');
    expect(province.getAttribute('aria-describedby')).toBe(getByRole('alert').id);
    fail = false;
    await act(async () => {
      fireEvent.click(getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(container.querySelector('[role=alert]')).toBeNull();
    expect(labels(province)).toEqual(['Please choose', '北京市', '广东省']);
  });

  test("no answer at all: 'Server exception!'", async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const { getByRole } = render(<AreaPicker lang="en" />);
    await settle();
    expect(getByRole('alert').textContent).toContain('Server exception!');
  });

  test('two pickers on a page share one request per list', async () => {
    render(
      <>
        <AreaPicker lang="en" defaultValue={{ province: '440000' }} />
        <AreaPicker lang="en" defaultValue={{ province: '440000' }} names={{ province: 'p2', city: 'c2', district: 'd2' }} />
      </>,
    );
    await settle();
    expect(calls.sort()).toEqual([AREA_URL, `${AREA_URL}?province=440000`]);
  });
});
