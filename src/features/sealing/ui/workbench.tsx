'use client';
/**
 * The "seal" tab of /user/file/sealfile: upload a PDF (topic `sealfile`), see its pages, choose an
 * approved seal, click a page to place it (drag it, or select it and use the arrow keys; Delete
 * removes it), optionally on every page and across pages (骑缝章), then seal: the job is polled
 * until done and the code, fingerprint and download link are shown.
 */
import { useRef, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import { interpolate } from '~/lib/interpolate';
import type { Locale } from '~/lib/types';
import { CROSS_Y, EVERY, type Inspect, SealPages, type Stamp } from './workbench-pages';
import { UploadField, type UploadFieldRules, type UploadedFile } from '~/features/upload/ui';

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

interface Job {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  sealed_file_id: number | null;
  error: string;
}

export function SealWorkbench({
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
  const seal = seals.find((s) => s.id === sealId) ?? seals[0];

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

  /** Moved stamps make another request: the API answers a repeated id with its first job, or 409 when the body differs. */
  const changeStamps = (update: (list: Stamp[]) => Stamp[]) => {
    setStamps(update);
    requestId.current = crypto.randomUUID();
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

  const busy = job !== null && (job.status === 'queued' || job.status === 'running');
  const placements = stamps.length + (everyPage ? 1 : 0) + (crossPage ? 1 : 0);

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
            kinds={['pdf']}
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
            {file?.name} · {interpolate(text.pages, { n: info.pages })} · {text.place}
          </p>
          <div className="seal-inline">
            <label>
              <input type="checkbox" checked={everyPage} onChange={(e) => setEveryPage(e.target.checked)} /> {text.everyPage}
            </label>
            <label>
              <input type="checkbox" checked={crossPage} disabled={info.pages < 2} onChange={(e) => setCrossPage(e.target.checked)} />{' '}
              {text.crossPage}
            </label>
            <span className="muted">{interpolate(text.stamps, { n: stamps.length })}</span>
          </div>
          <SealPages
            fileId={file?.id}
            info={info}
            seal={seal}
            stamps={stamps}
            onStamps={changeStamps}
            selected={selected}
            setSelected={setSelected}
            everyPage={everyPage}
            crossPage={crossPage}
            text={text}
          />
          <div className="seal-inline">
            <button type="button" className="btn btn-primary" disabled={busy || placements === 0 || !seal} onClick={() => void submit()}>
              {text.submit}
            </button>
            {job && busy ? (
              <>
                <progress className="seal-progress" max={100} value={job.progress} />
                <span role="status">{interpolate(text.working, { p: job.progress })}</span>
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
}
