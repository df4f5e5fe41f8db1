import type * as v from 'valibot';
import { checkInput, ROOT_FIELD } from '~/lib/schema';
import { Codes, DomainError, validationError } from './errors';

/**
 * The schema's output for `input`, or a 400 naming the failing fields (`data.field`,
 * `data.errors`), in the envelope of DESIGN §3. Domain functions call it too, so a caller that
 * skips the API still cannot pass bad input.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = checkInput(schema, input);
  if (result.ok) return result.value;
  const { [ROOT_FIELD]: root, ...fields } = result.errors;
  if (root && !Object.keys(fields).length) throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });
  throw validationError(fields);
}
