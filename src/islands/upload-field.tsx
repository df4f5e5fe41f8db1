'use client';
/**
 * One file to POST /userapi/v1/index/upload, with an image preview. Before sending it runs the
 * spec's checks in order (name and size, type, size: `~/lib/upload-checks`, the API repeats them);
 * it shows progress from XMLHttpRequest upload events (fetch has none) and can cancel. The stored
 * file's URL is posted with the form under `name`.
 *
 *   <UploadField lang={locale} name="avatar" topic="avatar" image rules={site.upload} />
 */
import { useEffect, useId, useRef, useState } from 'react';
import en from '../../i18n/en/upload';
import zhCn, { type UploadFieldText } from '../../i18n/zh-cn/upload';
import { goToLogin, LOGIN_CODES, SUCCESS_CODE } from '~/lib/http';
import type { Locale } from '~/lib/types';
import type { UploadedFile } from '~/features/upload/schemas';
import { checkUpload, type UploadRules } from '~/lib/upload-checks';

export const UPLOAD_URL = '/userapi/v1/index/upload';

export type { UploadedFile };

export interface UploadFieldProps {
  /** Form field that carries the stored file's URL (default `file`). */
  name?: string;
  /** Storage sub-folder (alpha-dash). */
  topic?: string;
  /** Show a preview and accept images only. */
  image?: boolean;
  /** The site's `upload` config: maxSize, allowedSuffixes, allowedMimeTypes. */
  rules: UploadRules;
  /** URL of a file already stored. */
  defaultValue?: string;
  lang?: Locale;
  text?: Partial<UploadFieldText>;
  disabled?: boolean;
  onUploaded?: (file: UploadedFile) => void;
}

type State =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; name: string }
  | { status: 'done'; file: UploadedFile }
  | { status: 'error'; message: string };

const TEXT: Record<Locale, UploadFieldText> = { 'zh-cn': zhCn, en };

export function UploadField({
  name = 'file',
  topic,
  image,
  rules,
  defaultValue,
  lang = 'zh-cn',
  text,
  disabled,
  onUploaded,
}: UploadFieldProps) {
  const t = { ...TEXT[lang], ...text };
  const id = useId();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [value, setValue] = useState(defaultValue ?? '');
  const [preview, setPreview] = useState<string | null>(defaultValue && image ? defaultValue : null);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const objectUrl = useRef<string | null>(null);

  const dropPreview = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  // Unmount: stop a running upload and free the preview.
  useEffect(
    () => () => {
      xhr.current?.abort();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  function send(file: File) {
    const form = new FormData();
    form.append('file', file);
    if (topic) form.append('topic', topic);
    const req = new XMLHttpRequest();
    xhr.current = req;
    req.open('POST', UPLOAD_URL);
    req.setRequestHeader('server', 'true');
    req.setRequestHeader('equipment', 'pc');
    req.setRequestHeader('think-lang', lang);
    req.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ status: 'uploading', name: file.name, progress: Math.round((e.loaded / e.total) * 100) });
    };
    req.onload = () => {
      xhr.current = null;
      let body: { code?: number; message?: string; data?: { file?: UploadedFile } } = {};
      try {
        body = JSON.parse(req.responseText);
      } catch {}
      if (body.code === SUCCESS_CODE && body.data?.file) {
        setState({ status: 'done', file: body.data.file });
        setValue(body.data.file.url);
        onUploaded?.(body.data.file);
        return;
      }
      if (body.code !== undefined && LOGIN_CODES.has(body.code)) goToLogin();
      setState({ status: 'error', message: body.message || t.failed });
    };
    req.onerror = () => {
      xhr.current = null;
      setState({ status: 'error', message: t.failed });
    };
    req.onabort = () => {
      xhr.current = null;
      setState({ status: 'idle' });
    };
    setState({ status: 'uploading', name: file.name, progress: 0 });
    req.send(form);
  }

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkUpload({ name: file.name, size: file.size, type: file.type }, rules);
    if (problem) {
      setState({ status: 'error', message: t[problem] });
      return;
    }
    dropPreview();
    if (image && file.type.startsWith('image/')) {
      objectUrl.current = URL.createObjectURL(file);
      setPreview(objectUrl.current);
    } else setPreview(null);
    send(file);
  }

  function remove() {
    dropPreview();
    setPreview(null);
    setValue('');
    setState({ status: 'idle' });
  }

  const busy = state.status === 'uploading';
  return (
    <div className="upload-field" data-status={state.status}>
      <input type="hidden" name={name} value={value} />
      {preview && <img className="upload-field__preview" src={preview} alt="" width={96} height={96} />}
      <label htmlFor={id} className="upload-field__choose">
        {t.choose}
      </label>
      <input
        id={id}
        type="file"
        accept={image ? 'image/*' : undefined}
        disabled={disabled || busy}
        onChange={(e) => {
          choose(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {busy && (
        <div className="upload-field__progress">
          <progress max={100} value={state.progress} aria-label={`${t.uploading} ${state.name}`} />
          <span>
            {t.uploading} {state.progress}%
          </span>
          <button type="button" onClick={() => xhr.current?.abort()}>
            {t.cancel}
          </button>
        </div>
      )}
      {state.status === 'done' && (
        <p className="upload-field__done" role="status">
          {t.done}: {state.file.name}
        </p>
      )}
      {value && !busy && (
        <button type="button" onClick={remove}>
          {t.remove}
        </button>
      )}
      {state.status === 'error' && (
        <p className="upload-field__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

export default UploadField;
