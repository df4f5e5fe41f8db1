/** Inputs of sending e-mail and SMS codes (isomorphic: the forms' send buttons check the same). */
import * as v from 'valibot';
import { email, mobile } from '~/lib/fields';

export const EMAIL_EVENTS = ['user_register', 'user_retrieve_pwd', 'user_email_verify', 'user_change_email'] as const;
export const SMS_EVENTS = ['user_register', 'user_retrieve_pwd', 'user_mobile_verify', 'user_change_mobile'] as const;
export type CodeEvent = (typeof EMAIL_EVENTS)[number] | (typeof SMS_EVENTS)[number];

/** Six digits, as typed (spaces trimmed). */
export const codeField = () =>
  v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.regex(/^\d{6}$/, 'validate.code'));

const captchaFields = {
  captchaId: v.pipe(v.string('captcha.required'), v.nonEmpty('captcha.required'), v.maxLength(64, 'captcha.required')),
  captchaInfo: v.pipe(v.string('captcha.required'), v.nonEmpty('captcha.required'), v.maxLength(200, 'captcha.required')),
};

const extras = v.optional(v.unknown());

/** POST /userapi/v1/ems/send */
export const emailCodeSchema = v.object({
  email: email(),
  event: v.picklist(EMAIL_EVENTS, 'validate.invalid'),
  extras,
  ...captchaFields,
});

/** POST /userapi/v1/sms/send (`template_code` is the event, as the reference's client sends it). */
export const smsCodeSchema = v.object({
  mobile: mobile(),
  template_code: v.picklist(SMS_EVENTS, 'validate.invalid'),
  extras,
  ...captchaFields,
});
