/**
 * Answers shared between requests that ask the same thing, for a few seconds: serialized
 * (UTF-8 JSON, the default) or any value the answers are composed from.
 *
 * An answer is fresh for `freshMs`: it is served as is. For `freshMs` more it is still served,
 * while one request reads it again in the background (so a popular answer never makes a crowd
 * wait). Older answers are never served. Requests for an answer that is being read wait for that
 * one read instead of each starting their own, and a failed read is not kept.
 */
export class SharedAnswers<T = Buffer> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly opts: { freshMs: number; maxEntries: number; now?: () => number }) {}

  get enabled(): boolean {
    return this.opts.freshMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`: shared when fresh enough, else read with `load` (once for every caller). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry?.body !== undefined) {
      const age = now - entry.at;
      if (age < this.opts.freshMs) return Promise.resolve(entry.body);
      if (age < 2 * this.opts.freshMs) {
        if (!entry.loading) this.read(key, entry, load).catch(() => {});
        return Promise.resolve(entry.body);
      }
    }
    if (entry?.loading) return entry.loading;
    const next: Entry<T> = entry ?? { at: 0, body: undefined, loading: null };
    if (!entry) this.insert(key, next);
    return this.read(key, next, load);
  }

  clear(): void {
    this.entries.clear();
  }

  private read(key: string, entry: Entry<T>, load: () => Promise<T>): Promise<T> {
    const started = this.now();
    const loading = load().then(
      (body) => {
        // a clear() during the read leaves the answer out: it may predate what was cleared
        if (this.entries.get(key) === entry) {
          entry.body = body;
          entry.at = started;
        }
        entry.loading = null;
        return body;
      },
      (error: unknown) => {
        entry.loading = null;
        if (entry.body === undefined && this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    entry.loading = loading;
    return loading;
  }

  private insert(key: string, entry: Entry<T>): void {
    if (this.entries.size >= this.opts.maxEntries) {
      const now = this.now();
      for (const [k, e] of this.entries) {
        if (!e.loading && now - e.at >= 2 * this.opts.freshMs) this.entries.delete(k);
      }
      if (this.entries.size >= this.opts.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    this.entries.set(key, entry);
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : performance.now();
  }
}

interface Entry<T> {
  /** when the answer's read started: its age counts from then */
  at: number;
  body: T | undefined;
  loading: Promise<T> | null;
}
