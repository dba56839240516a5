/** A slab's size: a page of 50 search items with their highlights is about 70 KB. */
export const SLAB_BYTES = 128 * 1024;

/**
 * Buffers answers are written into, each reused once the answer written from it has been sent
 * (its response's 'finish': the socket has taken every byte, and a compressor has read them all).
 * A buffer of its own for each answer made the process map fresh memory for every member's
 * page (a dozen page faults a search answer); a slab stays mapped. A response that never
 * finishes (the client went away) keeps its slab, which is then collected like any buffer.
 */
export class Slabs {
  private readonly free: Buffer[] = [];

  /** `keep`: the most slabs kept for reuse (more are made while more answers are in flight) */
  constructor(private readonly keep: number) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
  }

  give(slab: Buffer): void {
    if (this.free.length < this.keep) this.free.push(slab);
  }
}
