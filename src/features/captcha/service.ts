/**
 * The click captcha (spec §7, reference §4.4): issue an image with items to click in order, check
 * the clicks, and let other features demand a solved captcha before an action.
 *
 * - Only the answer (image size, target boxes) is stored, in table `captcha`; it never leaves the
 *   server. Rows live 10 minutes, allow MAX_WRONG_ANSWERS wrong tries, and are single-use when
 *   consumed (a conditional DELETE: of many parallel checks of one right answer, one wins).
 * - Issuing is limited per IP (ISSUE_LIMIT), counted in the database (`~/server/rate-limit`).
 * - Every function takes `now` (Unix seconds) so tests move the clock instead of sleeping.
 */
import { num, nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { hit } from '~/server/rate-limit';
import { parseInput } from '~/server/validate';
import { checkInput } from '~/lib/schema';
import { readAnswer, solution, solves, type StoredAnswer } from './answer';
import { drawCaptcha, HEIGHT, secureRandom, WIDTH, type Random } from './render';
import { actionCaptchaSchema, checkCaptchaSchema, issueCaptchaSchema } from './schemas';

/** Seconds an issued captcha can be answered. */
export const CAPTCHA_TTL = 600;
/** Wrong answers after which a captcha is dead (the member must fetch a new one). */
export const MAX_WRONG_ANSWERS = 3;
/** Images one IP may fetch per window (seconds). */
export const ISSUE_LIMIT = { max: 30, window: 60 };

/** What `GET /index/clickCaptcha` answers. */
export interface IssuedCaptcha {
  id: string;
  /** The items to click, in order (characters, or icons as ★ ♥ ▲ ◆). */
  text: string[];
  /** `data:image/png;base64,…` */
  base64: string;
  width: number;
  height: number;
  /** Unix seconds after which the answer is refused. */
  expire: number;
  /** Test mode only (PORTAL_CAPTCHA_TEST=1): the `info` that solves it at the natural size. */
  test_answer?: string;
}

export interface IssueOptions {
  now?: number;
  /** Include `test_answer`; default: test mode from the environment. */
  testMode?: boolean;
  random?: Random;
}

let warned = false;

/**
 * Test mode, like a payment provider's test keys: with PORTAL_CAPTCHA_TEST=1 the issue answer
 * carries its solution. Refused (throws) when NODE_ENV=production; warns once when on.
 */
export function captchaTestMode(env: Record<string, string | undefined> = process.env): boolean {
  if (env.PORTAL_CAPTCHA_TEST !== '1') return false;
  if (env.NODE_ENV === 'production') {
    throw new Error('PORTAL_CAPTCHA_TEST=1 is refused with NODE_ENV=production: it hands every captcha answer to the client');
  }
  if (!warned) {
    warned = true;
    console.warn('[captcha] WARNING: PORTAL_CAPTCHA_TEST=1 — every clickCaptcha answer carries test_answer (its solution). Tests only.');
  }
  return true;
}

const fail = (key: string) => new DomainError(key, { status: 400, code: Codes.VALIDATION, field: 'captcha' });
/** 'The correct area is not clicked, please try again!' */
export const captchaFailed = () => fail('captcha.failed');
/** Unknown, expired, used up or worn out by wrong answers: fetch a new one. */
export const captchaExpired = () => fail('captcha.expired');

/** Draw a new captcha for `id` (or a new id), store its answer, and return the image and prompt. */
export async function issueCaptcha(db: Db, input: { id?: unknown; ip: string }, opts: IssueOptions = {}): Promise<IssuedCaptcha> {
  const testMode = opts.testMode ?? captchaTestMode();
  const now = opts.now ?? nowSeconds();
  const { id: given } = parseInput(issueCaptchaSchema, { id: input.id === '' ? undefined : input.id });
  const limit = await hit(db, { key: `captcha:issue:${input.ip}`, ...ISSUE_LIMIT }, now);
  if (!limit.allowed) {
    const seconds = Math.max(1, limit.retryAfter);
    throw new DomainError('captcha.tooMany', { status: 429, code: Codes.TOO_MANY, params: { seconds } });
  }

  const id = given ?? crypto.randomUUID();
  const drawn = drawCaptcha(opts.random ?? secureRandom);
  const answer: StoredAnswer = {
    w: WIDTH,
    h: HEIGHT,
    boxes: drawn.targets.map((i) => [drawn.items[i].cx, drawn.items[i].cy, drawn.items[i].half]),
  };
  const expire = now + CAPTCHA_TTL;
  await db.sql`DELETE FROM captcha WHERE expires_at <= ${now}`;
  // Re-issuing an id (the refresh button) replaces its image and answer and resets its tries.
  await db.sql`INSERT INTO captcha (id, answer, attempts, ip, created_at, expires_at)
    VALUES (${id}, ${JSON.stringify(answer)}, 0, ${input.ip}, ${now}, ${expire})
    ON CONFLICT (id) DO UPDATE SET answer = excluded.answer, attempts = 0, ip = excluded.ip,
      created_at = excluded.created_at, expires_at = excluded.expires_at`;

  const issued: IssuedCaptcha = {
    id,
    text: drawn.targets.map((i) => drawn.items[i].label),
    base64: `data:image/png;base64,${Buffer.from(drawn.png).toString('base64')}`,
    width: WIDTH,
    height: HEIGHT,
    expire,
  };
  if (testMode) issued.test_answer = solution(answer);
  return issued;
}

/**
 * Check the clicks of captcha `id`. Succeeds quietly or throws 400 `captcha.failed` (wrong clicks,
 * counted) / `captcha.expired` (unknown, expired, used, or MAX_WRONG_ANSWERS reached).
 * `unset: true` consumes it on success (single use); `unset: false` only checks (the widget's
 * pre-check before the form posts, which then consumes it).
 */
export async function checkCaptcha(
  db: Db,
  input: { id: unknown; info: unknown; unset?: unknown },
  opts: { now?: number } = {},
): Promise<void> {
  captchaTestMode();
  const now = opts.now ?? nowSeconds();
  const { id, info, unset } = parseInput(checkCaptchaSchema, input);
  const [row] = await db.sql`SELECT answer, attempts, expires_at FROM captcha WHERE id = ${id}`;
  if (!row) throw captchaExpired();
  // Every later write names the row it read, so a re-issue in between is never consumed by mistake.
  const stored = String(row.answer);
  if (num(row.expires_at) <= now || num(row.attempts) >= MAX_WRONG_ANSWERS) {
    await db.sql`DELETE FROM captcha WHERE id = ${id} AND answer = ${stored}`;
    throw captchaExpired();
  }
  const answer = readAnswer(stored);
  if (!answer || !solves(answer, info)) {
    const [after] = await db.sql`UPDATE captcha SET attempts = attempts + 1 WHERE id = ${id} AND answer = ${stored} RETURNING attempts`;
    if (after && num(after.attempts) >= MAX_WRONG_ANSWERS) await db.sql`DELETE FROM captcha WHERE id = ${id} AND answer = ${stored}`;
    throw captchaFailed();
  }
  if (!unset) return;
  const consumed = await db.sql`DELETE FROM captcha
    WHERE id = ${id} AND answer = ${stored} AND expires_at > ${now} AND attempts < ${MAX_WRONG_ANSWERS} RETURNING id`;
  if (consumed.length !== 1) throw captchaExpired();
}

/**
 * For features that protect an action (login, e-mail/SMS codes): the body's `captchaId` and
 * `captchaInfo` must solve a live captcha, which is consumed. Throws 400 with field `captcha`:
 * `captcha.required` when missing, else as {@link checkCaptcha}.
 */
export async function verifyCaptchaForAction(db: Db, input: { captchaId?: unknown; captchaInfo?: unknown }, opts: { now?: number } = {}) {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (blank(input.captchaId) || blank(input.captchaInfo)) {
    throw new DomainError('captcha.required', { status: 400, code: Codes.VALIDATION, field: 'captcha' });
  }
  const parsed = checkInput(actionCaptchaSchema, { captchaId: input.captchaId, captchaInfo: input.captchaInfo });
  if (!parsed.ok) throw captchaFailed();
  await checkCaptcha(db, { id: parsed.value.captchaId, info: parsed.value.captchaInfo, unset: true }, opts);
}
