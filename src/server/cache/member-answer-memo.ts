/**
 * A member's recent answers, as the bytes sent, reused while everything an answer was made of
 * is unchanged: the same copy of the member's state (any change of theirs, or its lifetime's
 * end, makes the next request read a new copy; see plugins/member-session-cache.ts) and the same
 * shared answers (a shared answer read again is a new object). The answer is a function of those
 * and the question alone, so reusing it gives the bytes composing it again would give.
 *
 * Bounded by the bytes it holds: the least recently stored answers go first.
 */
export class MemberAnswerMemo<Part> {
  private readonly entries = new Map<string, { state: object; parts: Part[]; bytes: Buffer }>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for `key` when it was made with this very `state` (compared by identity). */
  get(key: string, state: object): { parts: readonly Part[]; bytes: Buffer } | undefined {
    const entry = this.entries.get(key);
    return entry?.state === state ? entry : undefined;
  }

  set(key: string, state: object, parts: Part[], bytes: Buffer): void {
    if (bytes.length > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, { state, parts, bytes });
    this.held += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.bytes.length;
    }
  }

  get heldBytes(): number {
    return this.held;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes.length;
  }
}
