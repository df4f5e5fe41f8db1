/**
 * One schema per input (valibot), shared by the island that checks a form instantly and the API
 * that enforces it. Every message in a schema is an i18n key (`validate.*`, see i18n/<locale>/api.ts);
 * an issue without its own key reads `validate.invalid`.
 */
import * as v from 'valibot';

/** Field name → message key of its first problem. */
export type FieldErrors = Record<string, string>;

export type CheckResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The key used for the whole input when it is not even the right shape (not an object…). */
export const ROOT_FIELD = '_';

/** Checks `input` against `schema`: the parsed value, or the first message key per field. */
export function checkInput<S extends v.GenericSchema>(schema: S, input: unknown): CheckResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true, message: 'validate.invalid' });
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' || typeof key === 'number' ? String(key) : ROOT_FIELD;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The first problem of one field (for a form that checks a field as the member types). */
export function fieldError<S extends v.GenericSchema>(schema: S, input: unknown, field: string): string | null {
  const result = checkInput(schema, input);
  return result.ok ? null : (result.errors[field] ?? null);
}

/** `true` for 1, '1', 'true', 'on', 'yes' (checkboxes and query flags). */
export function truthy(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase()));
}

/** An optional flag in any of the shapes browsers and clients send; absent is false. */
export const flag = () => v.optional(v.pipe(v.unknown(), v.transform(truthy)), false);

/** A whole number from `min` to `max`, sent as a number or a numeric string (query strings, forms). */
export const intIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
