/**
 * How the upload field (upload-field.tsx) sends one file, in the mode the site's upload config
 * names. Local: a multipart POST to the API. Direct (`mode: 's3'`): a presigned POST straight to
 * the object store under the member's prefix, then the API's callback, which checks the object and
 * records it. The file itself goes by XMLHttpRequest: fetch reports no upload progress.
 */
import { buildSaveName, DEFAULT_SAVE_NAME, type UploadedFile } from '../schemas';
import { goToLogin, LOGIN_CODES, SUCCESS_CODE } from '~/lib/http';
import type { Locale, UploadConfig } from '~/lib/types';
import { suffixOf, type UploadRules } from '~/lib/upload-checks';

export const UPLOAD_URL = '/userapi/v1/index/upload';
export const TOKEN_URL = '/userapi/v1/index/qiniutoken';
export const CALLBACK_URL = '/userapi/v1/ajax/uploadCallback';

/** The spec's rules plus, in direct mode, what the browser needs from the site's upload config. */
export type UploadFieldRules = UploadRules & Partial<Pick<UploadConfig, 'mode' | 'url' | 'params' | 'saveName'>>;

/** What sending one file needs from the field. */
export interface UploadJob {
  lang: Locale;
  /** Storage sub-folder. */
  topic?: string;
  /** The latest upload config; direct mode refreshes it when its policy is missing or about to expire. */
  config: { current: UploadFieldRules };
  /** Cancels the API calls; the file's own request is cancelled through `onXhr`'s XMLHttpRequest. */
  signal: AbortSignal;
  onXhr: (xhr: XMLHttpRequest) => void;
  onProgress: (percent: number) => void;
  text: { failed: string; storeError: string };
}

/** The stored file, or why it was not stored. Cancelling or a network failure rejects instead. */
export type UploadOutcome = { file: UploadedFile } | { error: string };

interface Envelope {
  code?: number;
  message?: string;
  data?: { file?: UploadedFile; upload?: UploadConfig };
}

/** The store's `<Message>` from an S3 XML error body, if any. */
const storeMessage = (xml: string) => /<Message>([^<]{1,300})<\/Message>/.exec(xml)?.[1] ?? '';

async function sha1Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const apiHeaders = (lang: Locale) => ({ server: 'true', equipment: 'pc', 'think-lang': lang });

/** The envelope of an API answer; a login problem sends the member to log in. */
function readEnvelope(textBody: string): Envelope {
  let body: Envelope = {};
  try {
    body = JSON.parse(textBody);
  } catch {}
  if (body.code !== undefined && LOGIN_CODES.has(body.code)) goToLogin();
  return body;
}

const outcome = (body: Envelope, job: UploadJob): UploadOutcome =>
  body.code === SUCCESS_CODE && body.data?.file ? { file: body.data.file } : { error: body.message || job.text.failed };

/** One XHR with upload progress; resolves with status and body, rejects when cancelled or the network fails. */
function post(job: UploadJob, url: string, form: FormData, withApiHeaders: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    job.onXhr(xhr);
    xhr.open('POST', url);
    if (withApiHeaders) for (const [k, v] of Object.entries(apiHeaders(job.lang))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) job.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    xhr.send(form);
  });
}

async function api(job: UploadJob, path: string, body: unknown): Promise<Envelope> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...apiHeaders(job.lang), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: job.signal,
  });
  return readEnvelope(await res.text());
}

async function sendLocal(file: File, job: UploadJob): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', file);
  if (job.topic) form.append('topic', job.topic);
  const res = await post(job, UPLOAD_URL, form, true);
  return outcome(readEnvelope(res.body), job);
}

async function sendDirect(file: File, job: UploadJob): Promise<UploadOutcome> {
  const { topic, text } = job;
  let cfg = job.config.current;
  const expires = Number(cfg.params?.['x-ignore-expires'] ?? 0);
  if (!cfg.url || !cfg.params || expires - 60 < Date.now() / 1000) {
    const fresh = await api(job, TOKEN_URL, {});
    if (fresh.code !== SUCCESS_CODE || !fresh.data?.upload) return { error: fresh.message || text.failed };
    cfg = { ...cfg, ...fresh.data.upload };
    job.config.current = cfg;
    if (cfg.mode !== 's3') return sendLocal(file, job);
  }
  const sha1 = await sha1Hex(file);
  const prefix = String(cfg.params?.['x-ignore-key-prefix'] ?? '');
  const saved = buildSaveName(cfg.saveName || DEFAULT_SAVE_NAME, {
    topic: topic || 'default',
    name: file.name,
    suffix: suffixOf(file.name),
    sha1,
  });
  const key = `${prefix}${saved.replace(/^storage\//, '')}`;
  const form = new FormData();
  form.append('key', key);
  for (const [k, v] of Object.entries(cfg.params ?? {})) if (!k.startsWith('x-ignore-')) form.append(k, String(v));
  form.append('file', file);
  const res = await post(job, cfg.url ?? '', form, false);
  if (res.status < 200 || res.status >= 300) {
    const detail = storeMessage(res.body);
    return { error: detail ? `${text.storeError}: ${detail}` : text.storeError };
  }
  const url = `${cfg.url}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const body = await api(job, CALLBACK_URL, { url, name: file.name, size: file.size, type: file.type, sha1, topic: topic || 'default' });
  return outcome(body, job);
}

/** Sends `file` in the mode of the current config. */
export function sendFile(file: File, job: UploadJob): Promise<UploadOutcome> {
  return job.config.current.mode === 's3' ? sendDirect(file, job) : sendLocal(file, job);
}
