'use client';
/**
 * The "seals" tab's two forms: upload a seal image (topic `seal`, then POST /seal/add) or draw the
 * standard red seal (POST /seal/generate). Both send the seal for review; the list re-renders.
 */
import { useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import type { Locale } from '~/lib/types';
import { UploadField, type UploadFieldRules } from '~/features/upload/ui';

export interface SealFormsText {
  upload: string;
  uploadHint: string;
  generate: string;
  generateHint: string;
  name: string;
  kind: string;
  company: string;
  diameter: string;
  innerText: string;
  submit: string;
  submitGenerate: string;
  kinds: Record<'official' | 'contract' | 'finance' | 'other', string>;
}

const KINDS = ['official', 'contract', 'finance', 'other'] as const;

export function SealAddForms({
  rules,
  lang,
  text,
  company,
}: {
  rules: UploadFieldRules;
  lang: Locale;
  text: SealFormsText;
  company: string;
}) {
  const [fileId, setFileId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ form: 'add' | 'generate'; message: string } | null>(null);
  const [round, setRound] = useState(0);
  const kindField = (id: string) => (
    <div className="field">
      <label htmlFor={id}>{text.kind}</label>
      <select id={id} name="kind" defaultValue="official">
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {text.kinds[k]}
          </option>
        ))}
      </select>
    </div>
  );
  const formError = (form: 'add' | 'generate') =>
    error?.form === form ? (
      <p className="field-error" role="alert">
        {error.message}
      </p>
    ) : null;

  const send = async (form: 'add' | 'generate', data: Record<string, unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await request({
        url: `/userapi/v1/seal/${form}`,
        method: 'POST',
        data,
        timeout: 30_000,
        showSuccessMessage: true,
        showErrorMessage: false,
        showCodeMessage: false,
      });
      setFileId(null);
      setRound((r) => r + 1);
      await refreshPage();
    } catch (err) {
      if (!isCancel(err)) setError({ form, message: failureMessage(err) });
    }
    setBusy(false);
  };
  const value = (f: HTMLFormElement, name: string) => String(new FormData(f).get(name) ?? '');

  return (
    <div className="seal-forms">
      <form
        className="card"
        aria-labelledby="seal-upload-title"
        onSubmit={(e) => {
          e.preventDefault();
          const f = e.currentTarget;
          void send('add', {
            name: value(f, 'name'),
            kind: value(f, 'kind'),
            company_name: value(f, 'company_name'),
            diameter_mm: Number(value(f, 'diameter_mm') || 40),
            file_id: fileId ?? 0,
          });
        }}
      >
        <h3 id="seal-upload-title">{text.upload}</h3>
        <p className="muted">{text.uploadHint}</p>
        <UploadField
          key={round}
          name="seal_file"
          valueKind="id"
          topic="seal"
          image
          rules={rules}
          lang={lang}
          onUploaded={(file) => setFileId(file.id)}
        />
        <div className="field">
          <label htmlFor="seal-add-name">{text.name}</label>
          <input id="seal-add-name" name="name" maxLength={30} required />
        </div>
        {kindField('seal-add-kind')}
        <div className="field">
          <label htmlFor="seal-add-company">{text.company}</label>
          <input id="seal-add-company" name="company_name" maxLength={40} defaultValue={company} required />
        </div>
        <div className="field">
          <label htmlFor="seal-add-diameter">{text.diameter}</label>
          <input id="seal-add-diameter" name="diameter_mm" type="number" min={30} max={60} defaultValue={40} />
        </div>
        {formError('add')}
        <button type="submit" className="btn btn-primary" disabled={busy || fileId === null}>
          {text.submit}
        </button>
      </form>
      <form
        className="card"
        aria-labelledby="seal-generate-title"
        onSubmit={(e) => {
          e.preventDefault();
          const f = e.currentTarget;
          void send('generate', { company_name: value(f, 'company_name'), kind: value(f, 'kind'), inner_text: value(f, 'inner_text') });
        }}
      >
        <h3 id="seal-generate-title">{text.generate}</h3>
        <p className="muted">{text.generateHint}</p>
        <div className="field">
          <label htmlFor="seal-gen-company">{text.company}</label>
          <input id="seal-gen-company" name="company_name" maxLength={24} defaultValue={company} required />
        </div>
        {kindField('seal-gen-kind')}
        <div className="field">
          <label htmlFor="seal-gen-inner">{text.innerText}</label>
          <input id="seal-gen-inner" name="inner_text" maxLength={10} />
        </div>
        {formError('generate')}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {text.submitGenerate}
        </button>
      </form>
    </div>
  );
}
