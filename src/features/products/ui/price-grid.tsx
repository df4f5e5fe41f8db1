'use client';
/**
 * The operator's price grid: one row per plan (grouped by product), one column per occupation
 * class, each cell the annual premium per person in yuan (stored in fen). Cells are edited in
 * place and checked as typed; the changed ones are marked with their old price and saved together
 * in one request (`POST /operator/product/prices`, one transaction, one audit entry). A term
 * picker shows what each price comes to for a shorter term (the short-term rate table).
 */
import './products.css';
import { useEffect, useMemo, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { interpolate as fill } from '~/lib/interpolate';
import { plural } from '~/lib/texts';
import { PRICE_PATTERN, SHORT_TERM_RATES } from '../schemas';
import type { ProductTexts } from '../texts';
import { type GridPlan, type GridProduct, PriceTableFrame } from './price-table';

export type { GridPlan, GridProduct };

type Cells = Record<string, string>;
const key = (plan: number, cls: number) => `${plan}:${cls}`;

function cellsOf(products: GridProduct[]): Cells {
  const out: Cells = {};
  for (const p of products) for (const pl of p.plans) for (const c of pl.classes) out[key(pl.id, c)] = pl.annual[String(c)] ?? '';
  return out;
}

/** Yuan string → fen (the input already matched PRICE_PATTERN). */
const toFen = (yuan: string) => {
  const [i, f = ''] = yuan.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
};
const fenText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** Same value whatever the spelling ("120" = "120.00"). */
const same = (a: string, b: string) => (a.trim() === '' || b.trim() === '' ? a.trim() === b.trim() : toFen(a.trim()) === toFen(b.trim()));

export function PriceGrid({ products, g: grid }: { products: GridProduct[]; g: ProductTexts['grid'] }) {
  const g = grid;
  const [saved, setSaved] = useState<Cells>(() => cellsOf(products));
  const [cells, setCells] = useState<Cells>(saved);
  const [term, setTerm] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [tried, setTried] = useState(false);

  const badCells = useMemo(() => {
    const bad = new Set<string>();
    for (const [k, value] of Object.entries(cells)) if (value.trim() !== '' && !PRICE_PATTERN.test(value.trim())) bad.add(k);
    return bad;
  }, [cells]);
  const emptyPlans = useMemo(() => {
    const out = new Set<number>();
    for (const p of products)
      for (const pl of p.plans)
        if (!pl.classes.some((c) => (cells[key(pl.id, c)] ?? '').trim() !== '' && toFen(cells[key(pl.id, c)].trim()) > 0)) out.add(pl.id);
    return out;
  }, [cells, products]);
  const dirty = Object.keys(cells).filter((k) => !same(cells[k], saved[k] ?? ''));
  const blocked = badCells.size > 0 || emptyPlans.size > 0;

  useEffect(() => {
    if (!dirty.length) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = g.leave;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty.length, g.leave]);

  const save = async () => {
    setTried(true);
    if (!dirty.length || blocked) return;
    setBusy(true);
    setMessage(null);
    const changes = dirty.map((k) => {
      const [plan_id, cls] = k.split(':');
      const price = cells[k].trim();
      return { plan_id: Number(plan_id), class: cls, was: saved[k] ?? '', price: price === '' ? '' : fenText(toFen(price)) };
    });
    try {
      const res = await request<{ plans: { id: number; annual: Record<string, string>; classes: number[] }[] }>({
        url: '/userapi/v1/operator/product/prices',
        method: 'POST',
        data: { changes },
        showErrorMessage: false,
        showCodeMessage: false,
      });
      const next = { ...saved };
      for (const pl of res.data.plans) {
        for (const k of Object.keys(next)) if (k.startsWith(`${pl.id}:`)) next[k] = pl.annual[k.split(':')[1]] ?? '';
      }
      setSaved(next);
      setCells(next);
      setTried(false);
      setMessage({ ok: true, text: res.message });
    } catch (err) {
      setMessage({ ok: false, text: isApiError(err) && err.envelope ? err.envelope.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const termName = (n: number) => (n === 12 ? g.year : fill(n === 1 ? g.monthsN_one : g.monthsN, { n }));
  const rates = Object.entries(SHORT_TERM_RATES)
    .filter(([n]) => Number(n) < 12)
    .map(([n, rate]) => fill(grid[plural('rateItem', Number(n))], { n, rate }))
    .join(g.sep);

  return (
    <form
      className="price-grid"
      data-dirty={dirty.length}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="pg-tools">
        <div className="field pg-term">
          <label htmlFor="pg-term">{g.termLabel}</label>
          <select id="pg-term" value={term} onChange={(e) => setTerm(Number(e.target.value))}>
            <option value={0}>{g.termNone}</option>
            {Object.keys(SHORT_TERM_RATES)
              .map(Number)
              .filter((n) => n < 12)
              .reverse()
              .map((n) => (
                <option key={n} value={n}>
                  {termName(n)}
                </option>
              ))}
          </select>
        </div>
      </div>
      <PriceTableFrame
        products={products}
        g={g}
        rowClass={(pl) => (tried && emptyPlans.has(pl.id) ? 'pg-row-bad' : undefined)}
        cell={(p, pl, c) => {
          if (!pl.classes.includes(c))
            return (
              <td key={c} className="pg-na">
                {g.notOffered}
              </td>
            );
          const k = key(pl.id, c);
          const value = cells[k] ?? '';
          const changed = !same(value, saved[k] ?? '');
          const bad = badCells.has(k);
          const ok = value.trim() !== '' && !bad;
          const rate = term ? SHORT_TERM_RATES[term] : 0;
          const cls = fill(p.code === 'anze' ? g.bandN : g.classN, { n: c });
          return (
            <td key={c} className={`pg-cell${changed ? ' pg-dirty' : ''}${bad ? ' pg-bad' : ''}`} data-class={c}>
              <input
                inputMode="decimal"
                autoComplete="off"
                value={value}
                aria-label={fill(g.cellLabel, { plan: pl.name, cls })}
                aria-invalid={bad || undefined}
                aria-describedby={bad ? 'pg-invalid' : undefined}
                onChange={(e) => setCells({ ...cells, [k]: e.target.value })}
              />
              {changed ? <span className="pg-was">{saved[k] ? fill(g.was, { price: saved[k] }) : g.notOffered}</span> : null}
              {rate && ok ? (
                <span className="pg-term-price">
                  {fill(g.termPrice, { term: termName(term), price: fenText(Math.round((toFen(value.trim()) * rate) / 100)) })}
                </span>
              ) : null}
            </td>
          );
        }}
      />
      <p className="op-hint pg-rates">{fill(g.rateNote, { rates })}</p>
      <div className="pg-bar">
        <span className={dirty.length ? 'pg-state pg-state-dirty' : 'pg-state'} role="status">
          {dirty.length ? fill(grid[plural('unsaved', dirty.length)], { n: dirty.length }) : g.clean}
        </span>
        {badCells.size ? (
          <span id="pg-invalid" className="order-field-error">
            {g.invalid}
          </span>
        ) : null}
        {tried && !badCells.size && emptyPlans.size ? <span className="order-field-error">{g.needOne}</span> : null}
        <span className="pg-buttons">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!dirty.length || busy}
            onClick={() => {
              setCells(saved);
              setTried(false);
              setMessage(null);
            }}
          >
            {g.discard}
          </button>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={!dirty.length || busy}
            aria-describedby={blocked ? 'pg-block' : undefined}
          >
            {busy ? g.saving : g.save}
          </button>
        </span>
        {blocked && tried ? (
          <span id="pg-block" className="order-field-error">
            {g.fixFirst}
          </span>
        ) : null}
      </div>
      {message ? (
        <p className={message.ok ? 'pg-message muted' : 'pg-message order-field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
