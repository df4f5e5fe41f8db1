import { DomainError } from '~/server/errors';

/** The DomainError `p` rejects with, or null when it resolves; any other error is thrown again. */
export async function domainErrorOf(p: Promise<unknown>): Promise<DomainError | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
}

/** The DomainError `p` rejects with; success or any other error fails the test. */
export async function failure(p: Promise<unknown>): Promise<DomainError> {
  const e = await domainErrorOf(p);
  if (!e) throw new Error('expected a DomainError');
  return e;
}
