/**
 * The rendered pages kept in memory: least recently used first out, bounded by bytes, and at
 * most one data version per member (a newer version drops the member's older pages at once).
 */

/** One rendered page, split at its CSP nonce so each answer can carry a fresh one. */
export interface StoredPage {
  userId: number;
  dataVersion: number;
  status: number;
  headers: [string, string][];
  /** The body split at the nonce: `parts.join(nonce)` is the page for that nonce. */
  parts: string[];
  /** Approximate memory held (UTF-16 code units × 2). */
  bytes: number;
}

export class PageStore {
  readonly #pages = new Map<string, StoredPage>();
  readonly #byMember = new Map<number, Set<string>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#pages.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The page under `key`, now the most recently used. */
  get(key: string): StoredPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  set(key: string, page: StoredPage): void {
    if (page.bytes > this.maxBytes) return;
    this.delete(key);
    const keys = this.#byMember.get(page.userId);
    // Pages of an older data version can never be asked for again.
    if (keys) for (const k of [...keys]) if (this.#pages.get(k)?.dataVersion !== page.dataVersion) this.delete(k);
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    let mine = this.#byMember.get(page.userId);
    if (!mine) {
      mine = new Set();
      this.#byMember.set(page.userId, mine);
    }
    mine.add(key);
    for (const [k] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  delete(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= page.bytes;
    const mine = this.#byMember.get(page.userId);
    mine?.delete(key);
    if (mine?.size === 0) this.#byMember.delete(page.userId);
  }

  clear(): void {
    this.#pages.clear();
    this.#byMember.clear();
    this.#bytes = 0;
  }
}
