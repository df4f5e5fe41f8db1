'use client';
/**
 * Upload one file for a kind of a claim's checklist: the shared upload field (topic `claim`, the
 * site's checks, progress, cancel), then POST /claim/document {id, kind, file_id} and a re-render
 * of the page, so the new file shows in the checklist.
 */
import './claims.css';
import { useState } from 'react';
import { type UploadedFile, UploadField, type UploadFieldProps } from '~/features/upload/ui';
import { failureMessage, isCancel, request } from '~/lib/http';
import { refreshPage } from '~/lib/navigation/browser';
import type { Locale } from '~/lib/types';

export interface ClaimDocumentUploadProps {
  claimId: number;
  kind: string;
  rules: UploadFieldProps['rules'];
  lang: Locale;
}

export function ClaimDocumentUpload({ claimId, kind, rules, lang }: ClaimDocumentUploadProps) {
  const [error, setError] = useState('');
  // A new field after each attachment, so the next file starts from an empty field.
  const [round, setRound] = useState(0);
  const attach = async (file: UploadedFile) => {
    setError('');
    try {
      await request({
        url: '/userapi/v1/claim/document',
        method: 'POST',
        data: { id: claimId, kind, file_id: file.id },
        showSuccessMessage: true,
        showErrorMessage: false,
      });
      setRound((n) => n + 1);
      await refreshPage();
    } catch (err) {
      if (!isCancel(err)) setError(failureMessage(err));
    }
  };
  return (
    <div className="claim-upload" data-kind={kind}>
      <UploadField key={round} name={`file-${kind}`} topic="claim" rules={rules} lang={lang} onUploaded={attach} />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
