/**
 * A short-lived copy, in this process, of what a signed-in member's reads (GET requests) read
 * with their session: who they are, the legislation types they do not see, their follows and
 * dismissals. Those requests are most of a member's traffic (polling notifications, scrolling,
 * filtering, searching), and with the copy they make no statement for the session: a list's
 * answer is the shared answer merged with the member's state in memory. Writes always read
 * the session from the database.
 *
 * Exactness, in order of what it covers:
 * - A member's own write (any non-GET request with their session) drops their copy in the
 *   process that served it before the answer leaves, and sets a cookie carrying the time of the
 *   write (`COOKIE_NAMES.stateWrittenAt`). Any process then re-reads that member's state for
 *   requests bearing the cookie until its copy was read after the write: read-your-writes on
 *   every process, whatever else happens. The cookie outlives any copy read before the write.
 * - Everything else (another device of the member, a job, a payment notice, an administrator)
 *   changes rows whose triggers send NOTIFY 'member_state' with the member's id ('*' for all;
 *   migration 0019; see plugins/member-state.queries.ts). Every connection of the pool LISTENs, so a change made in this process is
 *   heard before the statement that made it returns (db/client.ts); on PostgreSQL one more
 *   connection per process LISTENs for the other processes' changes, and while it is down
 *   nothing is kept (each request reads its state, as without the copy). On the embedded
 *   database there is one web process and its one connection hears every change.
 * - A copy is used for MEMBER_STATE_TTL_MS at most, and never past its session's expiry.
 */

/** What is kept of a member's session: who they are, with what their reads filter on. */
export interface MemberCopy {
  id: number;
  disabledTypes: readonly string[];
  actions: readonly object[] | null;
}

/** How long a copy is used; also the life of the write-time cookie. */
export const MEMBER_STATE_TTL_MS = 10_000;
/** Allowance for clocks of different machines when comparing a write's time with a copy's. */
export const CLOCK_SKEW_MS = 1_000;
/** Answers kept per member at most (their questions of the last seconds). */
export const FIGURES_PER_MEMBER = 32;
/** Copies kept at most (the least recently stored go first). */
export const MEMBER_STATE_MAX_ENTRIES = 20_000;

interface Entry<U extends MemberCopy> {
  user: U;
  /** the member's actions were read with it (a list's or search's copy) */
  hasActions: boolean;
  /** when the statement that read it was sent (its snapshot is no older) */
  readAt: number;
  sessionExpiresAt: number;
  lastSeenAt: number;
}

export class MemberSessionCache<U extends MemberCopy = MemberCopy> {
  private readonly byToken = new Map<string, Entry<U>>();
  private readonly tokensOf = new Map<number, Set<string>>();
  /** members whose copies were dropped, and when: a read that began before then is not kept */
  private readonly droppedAt = new Map<number, number>();
  /** what was worked out for a member (their dashboard's figures, a search's dismissed matches), by key */
  private readonly figures = new Map<number, Map<string, { value: unknown; readAt: number }>>();
  private allDroppedAt = 0;
  /** false while changes made elsewhere could go unheard (the LISTEN connection is down) */
  private listening: boolean;

  constructor(
    private readonly opts: { ttlMs?: number; maxEntries?: number; needsListener: boolean } = {
      needsListener: false,
    },
  ) {
    this.listening = !opts.needsListener;
  }

  get enabled(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.byToken.size;
  }

  private get ttl(): number {
    return this.opts.ttlMs ?? MEMBER_STATE_TTL_MS;
  }

  /**
   * The copy for a session token's hash, when it was read after `writtenAt` (the member's last
   * write as their cookie says, 0 when none) and is still within its lifetime and session.
   */
  get(tokenHash: string, writtenAt: number, now = Date.now()): Entry<U> | undefined {
    if (!this.listening) return undefined;
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (entry.readAt + this.ttl <= now || entry.sessionExpiresAt <= now) {
      this.remove(tokenHash, entry);
      return undefined;
    }
    if (writtenAt && entry.readAt <= writtenAt + CLOCK_SKEW_MS) return undefined;
    return entry;
  }

  /** Keeps a copy read by a statement sent at `readAt`, unless it was dropped since. */
  set(tokenHash: string, entry: Entry<U>): void {
    if (!this.listening) return;
    const id = entry.user.id;
    if (entry.readAt <= this.allDroppedAt || entry.readAt <= (this.droppedAt.get(id) ?? 0)) return;
    const old = this.byToken.get(tokenHash);
    if (old) this.remove(tokenHash, old);
    if (this.byToken.size >= (this.opts.maxEntries ?? MEMBER_STATE_MAX_ENTRIES)) {
      const oldest = this.byToken.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1]);
    }
    Object.freeze(entry.user.disabledTypes);
    if (entry.user.actions) Object.freeze(entry.user.actions);
    Object.freeze(entry.user);
    this.byToken.set(tokenHash, entry);
    let tokens = this.tokensOf.get(id);
    if (!tokens) this.tokensOf.set(id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** What was kept for a member under `key` with `setFigures`, while current (as a session copy is). */
  getFigures<T>(memberId: number, key: string, now = Date.now()): T | undefined {
    if (!this.listening) return undefined;
    const kept = this.figures.get(memberId)?.get(key);
    if (!kept) return undefined;
    if (kept.readAt + this.ttl <= now) {
      this.figures.get(memberId)?.delete(key);
      return undefined;
    }
    return kept.value as T;
  }

  /** Keeps what a statement sent at `readAt` read for a member, unless their state changed since. */
  setFigures(memberId: number, key: string, value: unknown, readAt: number): void {
    if (!this.listening) return;
    if (readAt <= this.allDroppedAt || readAt <= (this.droppedAt.get(memberId) ?? 0)) return;
    let mine = this.figures.get(memberId);
    if (!mine) {
      if (this.figures.size >= (this.opts.maxEntries ?? MEMBER_STATE_MAX_ENTRIES)) {
        const oldest = this.figures.keys().next().value;
        if (oldest !== undefined) this.figures.delete(oldest);
      }
      this.figures.set(memberId, (mine = new Map()));
    }
    if (mine.size >= FIGURES_PER_MEMBER) {
      const oldest = mine.keys().next().value;
      if (oldest !== undefined) mine.delete(oldest);
    }
    mine.set(key, { value, readAt });
  }

  /** What `load` reads for a member, kept under `key` while their state does not change. */
  async remember<T>(memberId: number, key: string, load: () => Promise<T>): Promise<T> {
    const readAt = Date.now();
    const kept = this.getFigures<T>(memberId, key, readAt);
    if (kept !== undefined) return kept;
    const value = await load();
    this.setFigures(memberId, key, value, readAt);
    return value;
  }

  /** Drops every copy of one member's state (their sessions on any device). */
  forgetMember(memberId: number, now = Date.now()): void {
    this.droppedAt.set(memberId, now);
    this.figures.delete(memberId);
    for (const hash of this.tokensOf.get(memberId) ?? []) this.byToken.delete(hash);
    this.tokensOf.delete(memberId);
    if (this.droppedAt.size > 1000) this.pruneDropped(now);
  }

  /** Drops every copy. */
  clear(now = Date.now()): void {
    this.allDroppedAt = now;
    this.byToken.clear();
    this.tokensOf.clear();
    this.droppedAt.clear();
    this.figures.clear();
  }

  /** A NOTIFY on MEMBER_STATE_CHANNEL: a member's id, or '*' for everyone. */
  heard(payload: string): void {
    const id = Number(payload);
    if (payload !== '*' && Number.isSafeInteger(id)) this.forgetMember(id);
    else this.clear();
  }

  /** LISTEN is (again) running, or has stopped: copies are kept only while it runs. */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening || !this.opts.needsListener;
  }

  private remove(tokenHash: string, entry: Entry<U>): void {
    this.byToken.delete(tokenHash);
    const tokens = this.tokensOf.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOf.delete(entry.user.id);
  }

  /** a read older than a lifetime is never kept anyway: older drop times are not needed */
  private pruneDropped(now: number): void {
    for (const [id, at] of this.droppedAt) if (at + this.ttl < now) this.droppedAt.delete(id);
  }
}

/** The time of the member's last write as their cookie carries it; 0 when none or malformed. */
export function writtenAtOf(value: string | undefined): number {
  if (!value || !/^\d{13}$/.test(value)) return 0;
  return Number(value);
}
