'use client';
/**
 * Ask for a top-up: amount in yuan, the bank's payment reference and the transfer slip (upload
 * island, topic `topup`). Checked with `topupSchema` as the member types; the list below refreshes.
 */
import { useId, useState } from 'react';
import { topupSchema } from '../schemas';
import type { Locale } from '~/lib/types';
import type { UploadRules } from '~/lib/upload-checks';
import { AccountForm, Field, FormActions, ImageUploadField, type MessageTexts, useApiForm } from './form-kit';

export interface TopupFormText {
  amount: string;
  amountHint: string;
  paymentRef: string;
  slip: string;
  submit: string;
}

export function AccountTopupForm({
  lang,
  rules,
  text,
  texts,
}: {
  lang: Locale;
  rules: UploadRules;
  text: TopupFormText;
  texts: MessageTexts;
}) {
  const id = useId();
  const [slipKey, setSlipKey] = useState(0);
  const form = useApiForm(
    { amount: '', payment_ref: '', slip: '' },
    {
      schema: topupSchema,
      url: '/userapi/v1/account/topup',
      texts,
      body: (v) => ({ amount: v.amount, payment_ref: v.payment_ref, slip: v.slip }),
      onDone: () => {
        form.set('amount', '');
        form.set('payment_ref', '');
        form.set('slip', '');
        setSlipKey((k) => k + 1);
      },
      reload: true,
    },
  );
  return (
    <AccountForm form={form}>
      <Field id={id} name="amount" label={text.amount} error={form.error('amount')}>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={form.values.amount}
          aria-describedby={`${id}-amount-hint`}
          aria-invalid={form.error('amount') ? true : undefined}
          onChange={(e) => form.set('amount', e.target.value)}
          onBlur={() => form.touch('amount')}
        />
        <span className="account-hint" id={`${id}-amount-hint`}>
          {text.amountHint}
        </span>
      </Field>
      <Field id={id} name="payment_ref" label={text.paymentRef} error={form.error('payment_ref')}>
        <input
          id={`${id}-payment_ref`}
          name="payment_ref"
          autoComplete="off"
          maxLength={64}
          value={form.values.payment_ref}
          aria-invalid={form.error('payment_ref') ? true : undefined}
          onChange={(e) => form.set('payment_ref', e.target.value)}
          onBlur={() => form.touch('payment_ref')}
        />
      </Field>
      <ImageUploadField form={form} name="slip" label={text.slip} topic="topup" rules={rules} lang={lang} resetKey={slipKey} />
      <FormActions form={form} submit={text.submit} />
    </AccountForm>
  );
}
