/** Inputs of the click captcha (isomorphic: the island builds `info` in the same format). */
import * as v from 'valibot';
import { flag } from '~/lib/schema';

/** A captcha id: the client's own random id (a UUID) or the one the server gave. */
export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const num = String.raw`\d{1,5}(?:\.\d{1,4})?`;
/**
 * `x1,y1-x2,y2;renderedWidth;renderedHeight` (the reference's format): click points in the
 * rendered image, then the size it was rendered at. At most 10 clicks.
 */
export const CAPTCHA_INFO_PATTERN = new RegExp(`^${num},${num}(?:-${num},${num}){0,9};${num};${num}$`);

const captchaId = () =>
  v.pipe(v.string('validate.required'), v.nonEmpty('validate.required'), v.regex(CAPTCHA_ID_PATTERN, 'validate.invalid'));
const captchaInfo = () =>
  v.pipe(
    v.string('validate.required'),
    v.nonEmpty('validate.required'),
    v.maxLength(200, 'validate.invalid'),
    v.regex(CAPTCHA_INFO_PATTERN, 'validate.invalid'),
  );

/** GET /userapi/v1/index/clickCaptcha?id= (without an id the server makes one). */
export const issueCaptchaSchema = v.object({ id: v.optional(captchaId()) });

/** POST /userapi/v1/index/checkClickCaptcha {id, info, unset}. */
export const checkCaptchaSchema = v.object({ id: captchaId(), info: captchaInfo(), unset: flag() });
export type CheckCaptchaFields = v.InferOutput<typeof checkCaptchaSchema>;

/** The captcha fields a protected action (login, code sending) posts along with its own. */
export const actionCaptchaSchema = v.object({ captchaId: captchaId(), captchaInfo: captchaInfo() });
export type ActionCaptchaFields = v.InferOutput<typeof actionCaptchaSchema>;

/** The `info` string for clicks at (x, y) in an image rendered at `width` × `height`. */
export function formatCaptchaInfo(clicks: readonly { x: number; y: number }[], width: number, height: number): string {
  const r = (n: number) => String(Math.max(0, Math.round(n * 100) / 100));
  return `${clicks.map((p) => `${r(p.x)},${r(p.y)}`).join('-')};${r(width)};${r(height)}`;
}
