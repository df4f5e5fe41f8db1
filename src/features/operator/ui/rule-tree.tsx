'use client';
/**
 * The rules page's tree: each rule a row (its title, type, state and buttons rendered by the
 * server), rules with children collapsible (the first level open, deeper levels closed; what an
 * operator opens is kept for the tab in sessionStorage), and siblings reordered by dragging a row's
 * handle — with a mouse, or with the keyboard: Space/Enter picks the rule up, the arrow keys move
 * it among its siblings, Space/Enter drops it (saved through `POST /operator/rule/sort`), Escape
 * puts it back. Every step is announced in a live region. The server's up/down forms stay as the
 * fallback.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError, request } from '~/lib/http';
import { interpolate as fill } from '~/lib/interpolate';
import { refreshPage } from '~/lib/navigation/browser';

export interface TreeRule {
  id: number;
  pid: number;
  name: string;
  title: string;
  muted: boolean;
  children: TreeRule[];
}

export interface RuleTreeTexts {
  expand: string;
  collapse: string;
  expandAll: string;
  collapseAll: string;
  handle: string;
  help: string;
  picked: string;
  moved: string;
  dropped: string;
  cancelled: string;
  failed: string;
}

const STORE = 'op-rule-tree-open';

function readOpen(tree: TreeRule[]): Set<number> {
  try {
    const kept = sessionStorage.getItem(STORE);
    if (kept) return new Set(JSON.parse(kept) as number[]);
  } catch {
    /* private mode: the default */
  }
  return new Set(tree.filter((r) => r.children.length).map((r) => r.id));
}

function orders(tree: TreeRule[], out: Record<number, number[]> = {}, pid = 0) {
  out[pid] = tree.map((r) => r.id);
  for (const r of tree) if (r.children.length) orders(r.children, out, r.id);
  return out;
}

interface Grab {
  id: number;
  pid: number;
  /** The siblings' order before the pick-up (Escape and a failed save go back to it). */
  from: number[];
}

export function RuleTree({
  tree,
  rows,
  canSort,
  tx,
}: {
  tree: TreeRule[];
  rows: Record<number, ReactNode>;
  canSort: boolean;
  tx: RuleTreeTexts;
}) {
  const byId = new Map<number, TreeRule>();
  const walk = (rs: TreeRule[]) => {
    for (const r of rs) {
      byId.set(r.id, r);
      walk(r.children);
    }
  };
  walk(tree);
  const [open, setOpen] = useState<Set<number>>(() => new Set(tree.filter((r) => r.children.length).map((r) => r.id)));
  const [order, setOrder] = useState(() => orders(tree));
  const [grab, setGrab] = useState<Grab | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, say] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const dragged = useRef<Grab | null>(null);

  // The server's tree is the truth after each save (refreshPage re-renders it).
  const treeKey = JSON.stringify(orders(tree));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the server's order changes
  useEffect(() => setOrder(orders(tree)), [treeKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the kept state once, after hydration
  useEffect(() => setOpen(readOpen(tree)), []);
  useEffect(() => {
    try {
      sessionStorage.setItem(STORE, JSON.stringify([...open]));
    } catch {
      /* nothing to keep */
    }
  }, [open]);
  // The moved handle keeps the focus wherever its row lands (the order moves its row).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each move on purpose
  useEffect(() => {
    if (grab) handles.current.get(grab.id)?.focus();
  }, [grab, order]);

  const title = (id: number) => byId.get(id)?.title ?? '';
  const where = (pid: number, id: number) => ({ n: order[pid].indexOf(id) + 1, of: order[pid].length });

  const toggle = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };

  const move = (g: Grab, by: number) => {
    const ids = [...order[g.pid]];
    const i = ids.indexOf(g.id);
    const j = Math.max(0, Math.min(ids.length - 1, i + by));
    if (i === j) return;
    [ids[i], ids[j]] = [ids[j], ids[i]];
    setOrder({ ...order, [g.pid]: ids });
    say(fill(tx.moved, { title: title(g.id), n: j + 1, of: ids.length }));
  };

  const moveTo = (g: Grab, targetId: number) => {
    const ids = [...order[g.pid]];
    const i = ids.indexOf(g.id);
    const j = ids.indexOf(targetId);
    if (i < 0 || j < 0 || i === j) return;
    ids.splice(i, 1);
    ids.splice(j, 0, g.id);
    setOrder({ ...order, [g.pid]: ids });
  };

  const cancel = (g: Grab) => {
    setOrder({ ...order, [g.pid]: g.from });
    setGrab(null);
    say(fill(tx.cancelled, { title: title(g.id) }));
  };

  const drop = async (g: Grab) => {
    setGrab(null);
    const ids = order[g.pid];
    if (ids.join() === g.from.join()) {
      say(fill(tx.cancelled, { title: title(g.id) }));
      return;
    }
    const at = where(g.pid, g.id);
    setBusy(true);
    try {
      await request({
        url: '/userapi/v1/operator/rule/sort',
        method: 'POST',
        data: { pid: g.pid, ids: ids.join(',') },
        showErrorMessage: false,
        showCodeMessage: false,
      });
      say(fill(tx.dropped, { title: title(g.id), n: at.n, of: at.of }));
      await refreshPage();
    } catch (err) {
      setOrder((o) => ({ ...o, [g.pid]: g.from }));
      say(`${tx.failed} ${isApiError(err) && err.envelope ? err.envelope.message : ''}`.trim());
    } finally {
      setBusy(false);
      handles.current.get(g.id)?.focus();
    }
  };

  const onKey = (r: TreeRule) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const holding = grab?.id === r.id ? grab : null;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (busy) return;
      if (holding) {
        drop(holding);
        return;
      }
      if (grab) cancel(grab);
      setGrab({ id: r.id, pid: r.pid, from: order[r.pid] });
      const at = where(r.pid, r.id);
      say(fill(tx.picked, { title: r.title, n: at.n, of: at.of }));
    } else if (holding && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      move(holding, e.key === 'ArrowUp' ? -1 : 1);
    } else if (holding && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      move(holding, e.key === 'Home' ? -order[r.pid].length : order[r.pid].length);
    } else if (holding && e.key === 'Escape') {
      e.preventDefault();
      cancel(holding);
    }
  };

  const node = (r: TreeRule, depth: number): ReactNode => {
    const kids = r.children.length > 0;
    const isOpen = open.has(r.id);
    const sortable = canSort && order[r.pid].length > 1;
    const held = grab?.id === r.id;
    return (
      <li
        key={r.id}
        className={`rt-node${held ? ' rt-held' : ''}`}
        data-rule={r.name}
        data-depth={depth}
        onDragOver={(e) => {
          const g = dragged.current;
          if (!g || g.pid !== r.pid) return;
          e.preventDefault();
          e.stopPropagation();
          moveTo(g, r.id);
        }}
        onDrop={(e) => {
          const g = dragged.current;
          if (!g || g.pid !== r.pid) return;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        <div className={`rt-row${r.muted ? ' op-muted-row' : ''}`}>
          {sortable ? (
            <button
              type="button"
              className="rt-handle"
              draggable
              ref={(el) => {
                if (el) handles.current.set(r.id, el);
                else handles.current.delete(r.id);
              }}
              aria-label={fill(tx.handle, { title: r.title })}
              aria-describedby="rt-help"
              aria-pressed={held}
              disabled={busy}
              onKeyDown={onKey(r)}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', r.name);
                dragged.current = { id: r.id, pid: r.pid, from: order[r.pid] };
              }}
              onDragEnd={() => {
                const g = dragged.current;
                dragged.current = null;
                if (g) drop(g);
              }}
            >
              <span aria-hidden="true">⠿</span>
            </button>
          ) : (
            <span className="rt-handle-space" />
          )}
          {kids ? (
            <button
              type="button"
              className="rt-toggle"
              aria-expanded={isOpen}
              aria-controls={`rt-kids-${r.id}`}
              aria-label={`${isOpen ? tx.collapse : tx.expand} ${r.title}`}
              onClick={() => toggle(r.id)}
            >
              <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
            </button>
          ) : (
            <span className="rt-toggle-space" />
          )}
          {rows[r.id]}
        </div>
        {kids ? (
          <ul id={`rt-kids-${r.id}`} className="rt-kids" hidden={!isOpen}>
            {order[r.id].map((id) => byId.get(id)).map((c) => (c ? node(c, depth + 1) : null))}
          </ul>
        ) : null}
      </li>
    );
  };

  const withKids = [...byId.values()].filter((r) => r.children.length).map((r) => r.id);
  return (
    <div className="rt">
      <div className="rt-tools">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(new Set(withKids))}>
          {tx.expandAll}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(new Set())}>
          {tx.collapseAll}
        </button>
        {canSort ? (
          <p id="rt-help" className="op-hint">
            {tx.help}
          </p>
        ) : null}
      </div>
      <ul className="rt-tree">{order[0].map((id) => byId.get(id)).map((r) => (r ? node(r, 0) : null))}</ul>
      <div className="sr-only" aria-live="assertive" role="status">
        {said}
      </div>
    </div>
  );
}
