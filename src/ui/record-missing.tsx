/**
 * A detail page's record that does not exist or is not the reader's (decision 0014, issue #26):
 * the page answers HTTP 404 and shows the area's not-found notice inside the shell.
 */
import { markRecordNotFound } from '~/server/context';
import { isDomainError } from '~/server/errors';
import { Notice } from './notice';

export function RecordMissing({ message }: { message: string }) {
  markRecordNotFound();
  return (
    <Notice kind="warning" role="alert">
      <p>{message}</p>
    </Notice>
  );
}

/**
 * The record a page's `?id=` names, or null when the id is not a positive integer or the domain
 * answers 404 (missing, or someone else's); any other error is thrown on.
 */
export async function findRecord<T>(id: number, load: (id: number) => Promise<T | null>): Promise<T | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  try {
    return await load(id);
  } catch (err) {
    if (isDomainError(err) && err.status === 404) return null;
    throw err;
  }
}
