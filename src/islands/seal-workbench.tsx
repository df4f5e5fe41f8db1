'use client';
/**
 * The "seal" tab of /user/file/sealfile: upload a PDF (topic `sealfile`), see its pages, choose an
 * approved seal, click a page to place it (drag it, or select it and use the arrow keys; Delete
 * removes it), optionally on every page and across pages (骑缝章), then seal: the job is polled
 * until done and the code, fingerprint and download link are shown.
 */
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import type { Locale } from '~/lib/types';
import { UploadField, type UploadFieldRules, type UploadedFile } from './upload-field';
import { island } from '~/lib/islands/island';

export interface WorkbenchSeal {
  id: number;
  name: string;
  company_name: string;
  diameter_mm: number;
}

export interface WorkbenchText {
  pdf: string;
  seal: string;
  pages: string;
  place: string;
  everyPage: string;
  crossPage: string;
  stamps: string;
  submit: string;
  working: string;
  done: string;
  code: string;
  sha256: string;
  download: string;
  again: string;
  failed: string;
  removeStamp: string;
  stampLabel: string;
}

interface Inspect {
  pages: number;
  page_sizes: { w: number; h: number }[];
}
interface Stamp {
  page: number;
  x: number;
  y: number;
}
interface Job {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  sealed_file_id: number | null;
  error: string;
}

const fill = (s: string, p: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in p ? String(p[k]) : m));
const MAX_THUMBS = 60;
const EVERY = { x: 0.78, y: 0.86 };
const CROSS_Y = 0.5;
const PT_PER_MM = 72 / 25.4;

export const SealWorkbench = island(
  'seal-workbench',
  function SealWorkbench({
    seals,
    rules,
    lang,
    text,
  }: {
    seals: WorkbenchSeal[];
    rules: UploadFieldRules;
    lang: Locale;
    text: WorkbenchText;
  }) {
    const [file, setFile] = useState<UploadedFile | null>(null);
    const [info, setInfo] = useState<Inspect | null>(null);
    const [sealId, setSealId] = useState(seals[0]?.id ?? 0);
    const [stamps, setStamps] = useState<Stamp[]>([]);
    const [selected, setSelected] = useState<number | null>(null);
    const [everyPage, setEveryPage] = useState(false);
    const [crossPage, setCrossPage] = useState(false);
    const [job, setJob] = useState<Job | null>(null);
    const [result, setResult] = useState<{ id: number; code: string; sha256: string } | null>(null);
    const [error, setError] = useState('');
    const [round, setRound] = useState(0);
    const requestId = useRef('');
    const drag = useRef<{ index: number; el: HTMLElement } | null>(null);
    const seal = seals.find((s) => s.id === sealId) ?? seals[0];

    /** The seal's radius as fractions of page `page`'s width and height. */
    const radius = (page: number) => {
      const size = info?.page_sizes[page - 1] ?? { w: 595, h: 842 };
      const r = ((seal?.diameter_mm ?? 40) * PT_PER_MM) / 2;
      return { rx: r / size.w, ry: r / size.h };
    };
    const clampTo = (page: number, x: number, y: number) => {
      const { rx, ry } = radius(page);
      return { page, x: Math.min(Math.max(x, rx), 1 - rx), y: Math.min(Math.max(y, ry), 1 - ry) };
    };

    const onUploaded = async (f: UploadedFile) => {
      setFile(f);
      setInfo(null);
      setStamps([]);
      setResult(null);
      setJob(null);
      setError('');
      try {
        const res = await request<Inspect>({
          url: '/userapi/v1/seal/file/inspect',
          method: 'POST',
          data: { file_id: f.id },
          showErrorMessage: false,
          showCodeMessage: false,
        });
        setInfo(res.data);
        requestId.current = crypto.randomUUID();
      } catch (err) {
        if (!isCancel(err)) setError(failureMessage(err));
      }
    };

    const pointAt = (e: { clientX: number; clientY: number }, el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
    };
    const addStamp = (page: number, e: PointerEvent<HTMLDivElement>) => {
      if (drag.current || (e.target as HTMLElement).closest('.seal-stamp')) return;
      const p = pointAt(e, e.currentTarget);
      setStamps((list) => {
        setSelected(list.length);
        return [...list, clampTo(page, p.x, p.y)];
      });
      requestId.current = crypto.randomUUID();
    };
    const move = (index: number, x: number, y: number) => {
      setStamps((list) => list.map((s, i) => (i === index ? clampTo(s.page, x, y) : s)));
      requestId.current = crypto.randomUUID();
    };
    const onStampKey = (index: number, e: KeyboardEvent<HTMLButtonElement>) => {
      const s = stamps[index];
      const step = e.shiftKey ? 0.05 : 0.01;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      if (moves[e.key]) {
        e.preventDefault();
        move(index, s.x + moves[e.key][0], s.y + moves[e.key][1]);
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        setStamps((list) => list.filter((_, i) => i !== index));
        setSelected(null);
        requestId.current = crypto.randomUUID();
      }
    };

    const submit = async () => {
      if (!file || !seal) return;
      setError('');
      setResult(null);
      try {
        const body = {
          request_id: requestId.current || crypto.randomUUID(),
          file_id: file.id,
          seal_id: seal.id,
          stamps,
          every_page: everyPage ? EVERY : null,
          cross_page: crossPage ? { y: CROSS_Y } : null,
        };
        let res = await request<{ job: Job }>({
          url: '/userapi/v1/seal/file/seal',
          method: 'POST',
          data: body,
          timeout: 30_000,
          showErrorMessage: false,
          showCodeMessage: false,
        });
        let current = res.data.job;
        setJob(current);
        while (current.status === 'queued' || current.status === 'running') {
          await new Promise((r) => setTimeout(r, 500));
          res = await request<{ job: Job }>({
            url: '/userapi/v1/seal/job',
            params: { id: current.id },
            showErrorMessage: false,
            showCodeMessage: false,
          });
          current = res.data.job;
          setJob(current);
        }
        if (current.status === 'failed' || !current.sealed_file_id) {
          setError(current.error || text.failed);
          return;
        }
        const detail = await request<{ file: { id: number; code: string; sha256: string } }>({
          url: '/userapi/v1/seal/file/detail',
          params: { id: current.sealed_file_id },
        });
        setResult(detail.data.file);
      } catch (err) {
        if (!isCancel(err)) setError(failureMessage(err));
      }
    };

    const reset = () => {
      setFile(null);
      setInfo(null);
      setStamps([]);
      setJob(null);
      setResult(null);
      setError('');
      setRound((r) => r + 1);
    };

    const sealImg = seal ? `/userapi/v1/seal/image?id=${seal.id}` : '';
    const busy = job !== null && (job.status === 'queued' || job.status === 'running');
    const placements = stamps.length + (everyPage ? 1 : 0) + (crossPage ? 1 : 0);
    const thumbs = info ? Math.min(info.pages, MAX_THUMBS) : 0;

    return (
      <div className="seal-workbench">
        <div className="seal-forms">
          <div className="field">
            <span className="field-label">{text.pdf}</span>
            <UploadField
              key={round}
              name="file_id"
              valueKind="id"
              topic="sealfile"
              rules={rules}
              lang={lang}
              onUploaded={(f) => void onUploaded(f)}
            />
          </div>
          <div className="field">
            <label htmlFor="seal-choose">{text.seal}</label>
            <select id="seal-choose" value={seal?.id ?? 0} onChange={(e) => setSealId(Number(e.target.value))}>
              {seals.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} · {s.company_name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {info ? (
          <>
            <p className="muted">
              {file?.name} · {fill(text.pages, { n: info.pages })} · {text.place}
            </p>
            <div className="seal-inline">
              <label>
                <input type="checkbox" checked={everyPage} onChange={(e) => setEveryPage(e.target.checked)} /> {text.everyPage}
              </label>
              <label>
                <input type="checkbox" checked={crossPage} disabled={info.pages < 2} onChange={(e) => setCrossPage(e.target.checked)} />{' '}
                {text.crossPage}
              </label>
              <span className="muted">{fill(text.stamps, { n: stamps.length })}</span>
            </div>
            <div className="seal-pages">
              {Array.from({ length: thumbs }, (_, i) => {
                const page = i + 1;
                const size = info.page_sizes[i];
                const { rx } = radius(page);
                const k = info.pages;
                return (
                  <div
                    key={page}
                    className="seal-page"
                    data-page={page}
                    style={{ aspectRatio: `${size.w} / ${size.h}` }}
                    onPointerUp={(e) => addStamp(page, e)}
                    onPointerMove={(e) => {
                      const d = drag.current;
                      if (!d) return;
                      const p = pointAt(e, e.currentTarget);
                      move(d.index, p.x, p.y);
                    }}
                  >
                    <img
                      className="seal-page-img"
                      src={`/userapi/v1/seal/file/preview?file_id=${file?.id}&page=${page}&width=400`}
                      alt={`${page}`}
                      loading="lazy"
                    />
                    <span className="seal-page-no">{page}</span>
                    {everyPage ? (
                      <span
                        className="seal-stamp"
                        style={{
                          left: `${EVERY.x * 100}%`,
                          top: `${EVERY.y * 100}%`,
                          width: `${rx * 200}%`,
                          aspectRatio: '1',
                          pointerEvents: 'none',
                        }}
                      >
                        <img src={sealImg} alt="" />
                      </span>
                    ) : null}
                    {crossPage && k >= 2 ? (
                      <span
                        className="seal-cross"
                        style={{
                          top: `${CROSS_Y * 100}%`,
                          width: `${(rx * 200) / Math.min(k, 20)}%`,
                          aspectRatio: `${1 / Math.min(k, 20)}`,
                        }}
                      >
                        <img
                          src={sealImg}
                          alt=""
                          style={{ right: `${-100 * (Math.min(k, 20) - 1 - (i % 20))}%`, width: `${Math.min(k, 20) * 100}%` }}
                        />
                      </span>
                    ) : null}
                    {stamps.map((s, index) =>
                      s.page === page ? (
                        <button
                          // biome-ignore lint/suspicious/noArrayIndexKey: stamps have no id; their order is their identity
                          key={index}
                          type="button"
                          className="seal-stamp"
                          aria-pressed={selected === index}
                          aria-label={fill(text.stampLabel, { page })}
                          title={text.removeStamp}
                          style={{ left: `${s.x * 100}%`, top: `${s.y * 100}%`, width: `${rx * 200}%`, aspectRatio: '1' }}
                          onFocus={() => setSelected(index)}
                          onKeyDown={(e) => onStampKey(index, e)}
                          onPointerDown={(e) => {
                            e.stopPropagation();
                            setSelected(index);
                            const el = (e.currentTarget.parentElement ?? e.currentTarget) as HTMLElement;
                            drag.current = { index, el };
                            e.currentTarget.setPointerCapture(e.pointerId);
                          }}
                          onPointerMove={(e) => {
                            const d = drag.current;
                            if (!d) return;
                            const p = pointAt(e, d.el);
                            move(d.index, p.x, p.y);
                          }}
                          onPointerUp={(e) => {
                            e.stopPropagation();
                            drag.current = null;
                          }}
                        >
                          <img src={sealImg} alt="" />
                        </button>
                      ) : null,
                    )}
                  </div>
                );
              })}
            </div>
            <div className="seal-inline">
              <button type="button" className="btn btn-primary" disabled={busy || placements === 0 || !seal} onClick={() => void submit()}>
                {text.submit}
              </button>
              {job && busy ? (
                <>
                  <progress className="seal-progress" max={100} value={job.progress} />
                  <span role="status">{fill(text.working, { p: job.progress })}</span>
                </>
              ) : null}
            </div>
          </>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {result ? (
          <div className="seal-result card" role="status" data-sealed-file={result.id}>
            <strong>{text.done}</strong>
            <dl className="seal-dl">
              <dt>{text.code}</dt>
              <dd className="seal-mono" data-code>
                {result.code}
              </dd>
              <dt>{text.sha256}</dt>
              <dd className="seal-mono" data-sha256>
                {result.sha256}
              </dd>
            </dl>
            <p className="seal-inline">
              <a className="btn btn-primary" href={`/userapi/v1/seal/file/download?id=${result.id}`} download>
                {text.download}
              </a>
              <button type="button" className="btn btn-ghost" onClick={reset}>
                {text.again}
              </button>
            </p>
          </div>
        ) : null}
      </div>
    );
  },
);
