/** JSON kept in a text column, read back; `fallback` when it does not parse. */
export function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}
