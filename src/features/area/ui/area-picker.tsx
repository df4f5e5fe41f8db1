'use client';
/**
 * Three cascading selects, province → city → district, filled from GET /userapi/v1/index/area
 * through the shared HTTP helper. The selects post their GB/T 2260 codes under `names` (default
 * `province`, `city`, `district`). A chosen code whose list has not loaded yet (or that the data no
 * longer knows) stays selected under its code, so a form posted meanwhile keeps it. A failed load
 * shows the helper's §8 text next to its select, with a retry button.
 *
 *   <AreaPicker lang={locale} defaultValue={{ province: '440000', city: '440300', district: '440305' }} />
 */
import { useEffect, useId, useState } from 'react';
import { type AreaPickerText, areaText } from '../texts';
import { http, isApiError, isCancel, isTimeout, requestMessages } from '~/lib/http';
import type { Locale } from '~/lib/types';

export const AREA_URL = '/userapi/v1/index/area';

export type AreaLevel = 'province' | 'city' | 'district';
export type AreaValue = Record<AreaLevel, string>;
export interface AreaOption {
  value: string;
  label: string;
}

export interface AreaPickerProps {
  /** Codes chosen at first render. */
  defaultValue?: Partial<AreaValue>;
  /** Form field names (default: the level names). */
  names?: Partial<Record<AreaLevel, string>>;
  lang?: Locale;
  /** Overrides of the labels and states (default: i18n/<lang>/area.ts). */
  text?: Partial<AreaPickerText>;
  required?: boolean;
  disabled?: boolean;
  onChange?: (value: AreaValue) => void;
}

const LEVELS: AreaLevel[] = ['province', 'city', 'district'];

// The lists are static: one request per list per page, shared by every picker on it.
const lists = new Map<string, Promise<AreaOption[]>>();

function fetchList(province: string, city: string): Promise<AreaOption[]> {
  const key = `${province}/${city}`;
  let list = lists.get(key);
  if (!list) {
    const params = { ...(province && { province }), ...(city && { city }) };
    list = http
      .get<AreaOption[]>(AREA_URL, params, { showErrorMessage: false, showCodeMessage: false, cancelDuplicate: false })
      .then((res) => (Array.isArray(res.data) ? res.data : []));
    list.catch(() => lists.delete(key));
    lists.set(key, list);
  }
  return list;
}

/** Forget the loaded lists (tests). */
export function clearAreaCache(): void {
  lists.clear();
}

/** The helper's §8 wording for a failed load. */
function failureText(e: unknown): string {
  const m = requestMessages();
  if (isApiError(e)) return e.message || m.other;
  if (isTimeout(e)) return m.timeout;
  return typeof navigator !== 'undefined' && navigator.onLine === false ? m.offline : m.network;
}

type Load = { state: 'idle' | 'loading' | 'ready' } | { state: 'error'; message: string };

/** One level's list for its parents' codes (`null`: a parent is not chosen); an answer for parents no longer chosen is dropped. */
function useAreaList(parents: [string, string] | null): { list: AreaOption[]; load: Load; retry: () => void } {
  const [list, setList] = useState<AreaOption[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [province, city] = parents ?? ['', ''];
  const wanted = parents !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on purpose (retry)
  useEffect(() => {
    setList([]);
    if (!wanted) {
      setLoad({ state: 'idle' });
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    fetchList(province, city).then(
      (l) => {
        if (!live) return;
        setList(l);
        setLoad({ state: 'ready' });
      },
      (e) => {
        if (live && !isCancel(e)) setLoad({ state: 'error', message: failureText(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, province, city, attempt]);
  return { list, load, retry: () => setAttempt((n) => n + 1) };
}

export function AreaPicker({
  defaultValue: initial = {},
  names = {},
  lang = 'zh-cn',
  text: overrides,
  required,
  disabled,
  onChange,
}: AreaPickerProps) {
  const id = useId();
  const text = { ...areaText(lang), ...overrides };
  const [value, setValue] = useState<AreaValue>({ province: '', city: '', district: '', ...initial });
  const { province, city } = value;
  const levels: Record<AreaLevel, ReturnType<typeof useAreaList>> = {
    province: useAreaList(['', '']),
    city: useAreaList(province ? [province, ''] : null),
    district: useAreaList(province && city ? [province, city] : null),
  };

  const choose = (level: AreaLevel, code: string) => {
    const next = { ...value, [level]: code };
    // A new parent clears its children.
    for (const child of LEVELS.slice(LEVELS.indexOf(level) + 1)) next[child] = '';
    setValue(next);
    onChange?.(next);
  };

  return (
    <fieldset className="area-picker">
      <legend className="sr-only">{text.group}</legend>
      {LEVELS.map((level, i) => {
        const { list, load: status, retry } = levels[level];
        const chosen = value[level];
        const errorId = `${id}-${level}-error`;
        const parentMissing = i > 0 && !value[LEVELS[i - 1]];
        const known = list.some((o) => o.value === chosen);
        return (
          <div key={level} className={status.state === 'error' ? 'field has-error' : 'field'}>
            <label htmlFor={`${id}-${level}`}>{text[level]}</label>
            <select
              id={`${id}-${level}`}
              name={names[level] ?? level}
              value={chosen}
              required={required}
              disabled={disabled || parentMissing}
              aria-busy={status.state === 'loading' || undefined}
              aria-invalid={status.state === 'error' || undefined}
              aria-describedby={status.state === 'error' ? errorId : undefined}
              onChange={(e) => choose(level, e.target.value)}
            >
              <option value="">{status.state === 'loading' ? text.loading : text.choose}</option>
              {chosen && !known ? <option value={chosen}>{chosen}</option> : null}
              {list.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {status.state === 'error' ? (
              <p className="field-error" id={errorId} role="alert">
                {status.message}{' '}
                <button type="button" className="btn btn-ghost" onClick={retry}>
                  {text.retry}
                </button>
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
