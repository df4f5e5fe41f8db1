'use client';
/**
 * Change the password: old, new, confirm (checked with the page's schema as the member types; the
 * server never sees the confirmation). On success every session has ended: go to the login page.
 */

import { useId } from 'react';
import { changePasswordFormSchema } from '../schemas';
import { goToLogin } from '~/lib/http';
import { AccountForm, Field, FormActions, fieldProps, type MessageTexts, useApiForm } from './form-kit';

export interface PasswordFormText {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  rule: string;
  submit: string;
}

export function AccountPasswordForm({ text, texts }: { text: PasswordFormText; texts: MessageTexts }) {
  const id = useId();
  const form = useApiForm(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    {
      schema: changePasswordFormSchema,
      url: '/userapi/v1/account/changePassword',
      texts,
      body: (v) => ({ oldPassword: v.oldPassword, newPassword: v.newPassword, confirmPassword: v.confirmPassword }),
      onDone: () => {
        // The server ended every session, this one too; the message stays a moment before the login page.
        setTimeout(() => goToLogin(), 1500);
      },
    },
  );
  const pw = (name: 'oldPassword' | 'newPassword' | 'confirmPassword', autoComplete: string, describedBy?: string) => (
    <input type="password" autoComplete={autoComplete} {...fieldProps(form, id, name, describedBy)} />
  );
  return (
    <AccountForm form={form}>
      <Field id={id} name="oldPassword" label={text.oldPassword} error={form.error('oldPassword')}>
        {pw('oldPassword', 'current-password')}
      </Field>
      <Field id={id} name="newPassword" label={text.newPassword} error={form.error('newPassword')}>
        {pw('newPassword', 'new-password', `${id}-rule`)}
        <span className="account-hint" id={`${id}-rule`}>
          {text.rule}
        </span>
      </Field>
      <Field id={id} name="confirmPassword" label={text.confirmPassword} error={form.error('confirmPassword')}>
        {pw('confirmPassword', 'new-password')}
      </Field>
      <FormActions form={form} submit={text.submit} />
    </AccountForm>
  );
}
