'use client';
/**
 * Edit the profile: avatar (upload island, topic `avatar`; the server crops it square and
 * re-encodes it), username, nickname, gender (icon and colour per value), birthday and motto (120
 * characters with a counter). Checked with `profileSchema` as the member types.
 */
import { useId, useState } from 'react';
import { GenderIcon } from './gender-icon';
import { MOTTO_MAX, profileSchema } from '../schemas';
import type { Locale } from '~/lib/types';
import type { UploadRules } from '~/lib/upload-checks';
import { AccountForm, Field, FormActions, fieldProps, ImageUploadField, type MessageTexts, useApiForm } from './form-kit';
import { AccountBindDialog, type AccountBindDialogProps } from './bind-dialog';

export interface ProfileFormText {
  avatar: string;
  avatarHint: string;
  username: string;
  nickname: string;
  gender: string;
  genders: [string, string, string];
  birthday: string;
  motto: string;
  save: string;
  reset: string;
}

export interface ProfileValues {
  avatar: string;
  username: string;
  nickname: string;
  gender: string;
  birthday: string;
  motto: string;
}

export interface AccountProfileFormProps {
  lang: Locale;
  rules: UploadRules;
  initial: ProfileValues;
  text: ProfileFormText;
  texts: MessageTexts;
  /** Rows shown between nickname and gender: the bound e-mail and mobile, each with its change dialog. */
  contacts?: ContactRow[];
}

/** A bound address (read-only here) and the dialog that changes it. */
export interface ContactRow {
  type: 'email' | 'mobile';
  value: string;
  label: string;
  placeholder: string;
  bind: AccountBindDialogProps;
}

export function AccountProfileForm({ lang, rules, initial, text, texts, contacts = [] }: AccountProfileFormProps) {
  const id = useId();
  const [uploadKey, setUploadKey] = useState(0);
  const form = useApiForm(initial as unknown as Record<string, string>, {
    schema: profileSchema,
    url: '/userapi/v1/account/profile',
    texts,
    body: (v) => ({
      avatar: /^\d+$/.test(v.avatar) ? Number(v.avatar) : v.avatar,
      username: v.username,
      nickname: v.nickname,
      gender: Number(v.gender),
      birthday: v.birthday,
      motto: v.motto,
    }),
    reload: true,
  });
  const input = (name: keyof ProfileValues, extra: Record<string, unknown> = {}) => <input {...fieldProps(form, id, name)} {...extra} />;
  return (
    <AccountForm form={form}>
      <ImageUploadField
        form={form}
        name="avatar"
        label={text.avatar}
        topic="avatar"
        rules={rules}
        lang={lang}
        defaultValue={initial.avatar}
        hint={text.avatarHint}
        resetKey={uploadKey}
      />
      <Field id={id} name="username" label={text.username} error={form.error('username')}>
        {input('username', { autoComplete: 'username', maxLength: 15 })}
      </Field>
      <Field id={id} name="nickname" label={text.nickname} error={form.error('nickname')}>
        {input('nickname', { autoComplete: 'nickname', maxLength: 50 })}
      </Field>
      {contacts.map((c) => (
        <div className="field" key={c.type} data-field={`bound-${c.type}`}>
          <label htmlFor={`bound-${c.type}`}>{c.label}</label>
          <div className="account-bind-row">
            <input id={`bound-${c.type}`} readOnly value={c.value} placeholder={c.placeholder} />
            <AccountBindDialog {...c.bind} />
          </div>
        </div>
      ))}
      <fieldset className="account-genders">
        <legend>{text.gender}</legend>
        {([0, 1, 2] as const).map((g) => (
          <label key={g} className="account-gender-option">
            <input
              type="radio"
              name="gender"
              value={g}
              checked={form.values.gender === String(g)}
              onChange={() => form.set('gender', String(g))}
            />
            <GenderIcon gender={g} />
            {text.genders[g]}
          </label>
        ))}
      </fieldset>
      <Field id={id} name="birthday" label={text.birthday} error={form.error('birthday')}>
        {input('birthday', { type: 'date', max: new Date().toISOString().slice(0, 10) })}
      </Field>
      <Field id={id} name="motto" label={text.motto} error={form.error('motto')}>
        <textarea
          id={`${id}-motto`}
          name="motto"
          rows={3}
          maxLength={MOTTO_MAX}
          value={form.values.motto}
          onChange={(e) => form.set('motto', e.target.value)}
          onBlur={() => form.touch('motto')}
        />
        <span className="account-counter" aria-live="polite">
          {Array.from(form.values.motto).length} / {MOTTO_MAX}
        </span>
      </Field>
      <FormActions form={form} submit={text.save}>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            for (const [k, v] of Object.entries(initial)) form.set(k, v);
            form.setNotice(null);
            setUploadKey((n) => n + 1);
          }}
        >
          {text.reset}
        </button>
      </FormActions>
    </AccountForm>
  );
}
