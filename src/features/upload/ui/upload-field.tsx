'use client';
/**
 * The upload field every form that takes files uses: one file, several (`multiple`), or an image
 * with a preview (`image`). Files are chosen or dropped on the kit's UploadArea, which shows the
 * accepted kinds and size and runs the spec's checks in order before sending (name and size,
 * type, size: `~/lib/upload-checks`; the API repeats them); each file shows its name, size and progress
 * ("uploading" in the page's language, from XMLHttpRequest upload events: fetch has none) and can
 * be cancelled. The stored files' URLs (or ids, `valueKind="id"`) are posted with the form under
 * `name`, comma-separated when there are several.
 *
 * Two modes, from the site's `upload` config (`rules`; sent by upload-field-transport.ts):
 * - local: multipart POST /userapi/v1/index/upload;
 * - direct (`mode: 's3'`): a presigned POST straight to the object store (fresh policy from
 *   POST /userapi/v1/index/qiniutoken when it is missing or about to expire), the key built from
 *   the saveName template under the member's prefix, then POST /userapi/v1/ajax/uploadCallback,
 *   which checks the object and records it. A store error is shown with the store's own message.
 *
 *   <UploadField lang={locale} name="avatar" topic="avatar" image rules={site.upload} />
 *   <UploadField lang={locale} name="file_ids" valueKind="id" topic="claim" multiple rules={site.upload} />
 */
import { useEffect, useRef, useState } from 'react';
import en from '../../../../i18n/en/upload';
import zhCn, { type UploadFieldText } from '../../../../i18n/zh-cn/upload';
import type { UploadedFile } from '../schemas';
import type { Locale } from '~/lib/types';
import { fileSizeText } from '~/lib/upload-checks';
import { UploadArea } from '~/ui/upload-area';
import { sendFile, type UploadFieldRules } from './upload-field-transport';

export { CALLBACK_URL, TOKEN_URL, UPLOAD_URL, type UploadFieldRules } from './upload-field-transport';
export type { UploadedFile };

/** Texts this field needs beyond the shared upload texts (i18n/<lang>/upload.ts). */
const MORE: Record<Locale, { storeError: string }> = {
  'zh-cn': { storeError: '文件存储服务出错' },
  en: { storeError: 'The file storage failed' },
};

export interface UploadFieldProps {
  /** Form field that carries the stored file's URL or id (default `file`). */
  name?: string;
  /** What the form field carries: the URL (default) or the attachment id. */
  valueKind?: 'url' | 'id';
  /** Storage sub-folder (alpha-dash). */
  topic?: string;
  /** The drop zone's prompt instead of the kit's (e.g. "Import a list"). */
  prompt?: string;
  /** Suffixes this place takes, narrowing the site's list (e.g. `['pdf']`). */
  kinds?: string[];
  /** Show a preview and accept images only. */
  image?: boolean;
  /** Several files; the field's value is comma-separated. */
  multiple?: boolean;
  /** The site's `upload` config: maxSize, allowed lists, and in direct mode `mode`, `url`, `params`, `saveName`. */
  rules: UploadFieldRules;
  /** URL(s) of files already stored (shown, kept in the value). */
  defaultValue?: string | string[];
  lang?: Locale;
  text?: Partial<UploadFieldText>;
  disabled?: boolean;
  onUploaded?: (file: UploadedFile) => void;
}

type Item = {
  id: number;
  name: string;
  /** Bytes, when the file was chosen here (not for files already stored). */
  size?: number;
  preview: string | null;
} & (
  | { status: 'uploading'; progress: number }
  | { status: 'done'; file?: UploadedFile; url: string; value: string }
  | { status: 'error'; message: string }
);

const TEXT: Record<Locale, UploadFieldText> = { 'zh-cn': zhCn, en };
let nextId = 1;

export function UploadField({
  name = 'file',
  valueKind = 'url',
  prompt,
  kinds,
  topic,
  image,
  multiple,
  rules,
  defaultValue,
  lang = 'zh-cn',
  text,
  disabled,
  onUploaded,
}: UploadFieldProps) {
  const t = { ...TEXT[lang], ...MORE[lang], ...text };
  const initial = (Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : []).filter(Boolean);
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((url) => ({
      id: nextId++,
      name: url.split('/').pop() ?? url,
      preview: image ? url : null,
      status: 'done',
      url,
      value: url,
    })),
  );
  /** Running requests per item, to cancel them. */
  const running = useRef(new Map<number, { xhr?: XMLHttpRequest; abort: AbortController }>());
  const objectUrls = useRef(new Set<string>());
  /** The latest upload config (direct mode refreshes it). */
  const config = useRef<UploadFieldRules>(rules);

  useEffect(
    () => () => {
      for (const r of running.current.values()) {
        r.xhr?.abort();
        r.abort.abort();
      }
      for (const u of objectUrls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const update = (id: number, patch: Partial<Item> & Pick<Item, 'status'>) =>
    setItems((list) => list.map((it) => (it.id === id ? ({ ...it, ...patch } as Item) : it)));
  const finish = (id: number, file: UploadedFile) => {
    running.current.delete(id);
    update(id, { status: 'done', file, url: file.url, value: valueKind === 'id' ? String(file.id) : file.url });
    onUploaded?.(file);
  };
  const fail = (id: number, message: string) => {
    running.current.delete(id);
    update(id, { status: 'error', message });
  };

  function start(file: File) {
    const id = nextId++;
    let preview: string | null = null;
    if (image && file.type.startsWith('image/')) {
      preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
    }
    const abort = new AbortController();
    running.current.set(id, { abort });
    const item: Item = { id, name: file.name, size: file.size, preview, status: 'uploading', progress: 0 };
    setItems((list) => (multiple ? [...list, item] : [item]));
    sendFile(file, {
      lang,
      topic,
      config,
      signal: abort.signal,
      onXhr: (xhr) => {
        const run = running.current.get(id);
        if (run) run.xhr = xhr;
      },
      onProgress: (progress) => update(id, { status: 'uploading', progress }),
      text: t,
    })
      .then((outcome) => ('file' in outcome ? finish(id, outcome.file) : fail(id, outcome.error)))
      .catch((err: unknown) => {
        if ((err as { name?: string })?.name === 'AbortError') return;
        fail(id, t.failed);
      });
  }

  /** The files the area's checks passed. */
  function choose(files: File[]) {
    for (const file of files) {
      // One file at a time in single mode: a running upload is replaced.
      if (!multiple) for (const id of running.current.keys()) cancel(id);
      start(file);
    }
  }

  function drop(id: number) {
    setItems((list) => {
      const it = list.find((i) => i.id === id);
      if (it?.preview && objectUrls.current.has(it.preview)) {
        URL.revokeObjectURL(it.preview);
        objectUrls.current.delete(it.preview);
      }
      return list.filter((i) => i.id !== id);
    });
  }

  function cancel(id: number) {
    const run = running.current.get(id);
    running.current.delete(id);
    run?.xhr?.abort();
    run?.abort.abort();
    drop(id);
  }

  const value = items
    .filter((i): i is Extract<Item, { status: 'done' }> => i.status === 'done')
    .map((i) => i.value)
    .join(',');
  const busy = items.some((i) => i.status === 'uploading');
  return (
    <div
      className="upload-field"
      data-status={busy ? 'uploading' : value ? 'done' : 'idle'}
      data-mode={config.current.mode === 's3' ? 's3' : 'local'}
    >
      <input type="hidden" name={name} value={value} />
      <UploadArea
        locale={lang}
        rules={config.current}
        kinds={kinds}
        image={image}
        multiple={multiple}
        disabled={disabled || (busy && !multiple)}
        prompt={prompt ?? text?.choose}
        onFiles={choose}
      />
      {items.length > 0 && (
        <ul className="upload-field__list">
          {items.map((it) => (
            <li key={it.id} className="upload-field__item" data-status={it.status}>
              {it.preview && <img className="upload-field__preview" src={it.preview} alt="" width={96} height={96} />}
              {!(it.status === 'done' && it.file) && (
                <span className="upload-field__name" translate="no">
                  {it.name}
                </span>
              )}
              {it.status === 'done' && it.file && (
                <span className="upload-field__done" role="status">
                  {t.done}: {it.file.name}
                </span>
              )}
              {it.size !== undefined && <span className="upload-field__size">{fileSizeText(it.size, lang)}</span>}
              {it.status === 'uploading' && (
                <span className="upload-field__progress">
                  <progress max={100} value={it.progress} aria-label={`${t.uploading} ${it.name}`} />
                  <span>
                    {t.uploading} {it.progress}%
                  </span>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => cancel(it.id)}>
                    {t.cancel}
                  </button>
                </span>
              )}
              {it.status === 'done' && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => drop(it.id)} disabled={disabled}>
                  {t.remove}
                </button>
              )}
              {it.status === 'error' && (
                <>
                  <span className="upload-field__error" role="alert">
                    {it.message}
                  </span>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => drop(it.id)}>
                    {t.remove}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default UploadField;
