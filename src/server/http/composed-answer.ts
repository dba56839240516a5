/**
 * A member's page of items as bytes composed from the shared items' own bytes.
 *
 * A member's list or search answer is the shared answer's items (the same objects for every
 * reader while the shared page lives, a member's action set on a copy made once per item and
 * action) in a member's order. Serializing the page afresh for every request was most of the
 * cost of a member's answer; here each item is checked against the item schema and serialized
 * once, when first seen, and a page is the concatenation of its items' bytes inside the
 * envelope (`{"data":[...],"total":...}`), which is checked on every answer. Anything the checks
 * do not pass answers through the route's serializer instead (see http/serializer.ts), so the
 * bytes are always those the route's serializer gives for the same answer.
 *
 * An answer sent and not kept is written into a slab (see Slabs) rather than a buffer of its own.
 */
import type { FastifyReply } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { sendSerialized } from '#server/lib/shared-answers';
import { compileCheck } from './serializer';

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
const CLOSE_DATA = Buffer.from('],');

/** A slab's size: a page of 50 search items with their highlights is about 70 KB. */
export const SLAB_BYTES = 128 * 1024;

/**
 * Buffers answers are written into, each reused once the answer written from it has been sent
 * (its response's 'finish': the socket has taken every byte, and a compressor has read them all).
 * A buffer of its own for each answer made the process map fresh memory for every member's
 * page (a dozen page faults a search answer); a slab stays mapped. A response that never
 * finishes (the client went away) keeps its slab, which is then collected like any buffer.
 */
class Slabs {
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

const slabs = new Slabs(64);

export class ComposedAnswers<Item extends object> {
  private readonly bytes = new WeakMap<Item, Buffer>();
  private readonly checkItem: ((value: unknown) => boolean) | null;
  private readonly checkAnswer: ((value: unknown) => boolean) | null;

  /** `answerSchema`: the route's 200 answer, `{ data: Item[], ... }` with `data` first */
  constructor(itemSchema: $ZodType, answerSchema: $ZodType) {
    this.checkItem = compileCheck(itemSchema);
    this.checkAnswer = compileCheck(answerSchema);
  }

  /**
   * Sends `answer` as composed bytes, or returns it for the route's serializer when a part of it
   * is not what the schemas say (the serializer then answers or fails as it always does).
   */
  send<A extends { data: Item[] }>(reply: FastifyReply, answer: A): FastifyReply | A {
    const parts = this.parts(answer);
    if (!parts) return answer;
    let length = 0;
    for (const part of parts) length += part.length;
    if (length > SLAB_BYTES) return sendSerialized(reply, Buffer.concat(parts, length));
    const slab = slabs.take();
    let at = 0;
    for (const part of parts) {
      slab.set(part, at);
      at += part.length;
    }
    reply.raw.once('finish', () => slabs.give(slab));
    return sendSerialized(reply, slab.subarray(0, length));
  }

  /** The answer's bytes in a buffer of their own (to be kept), or null when it must go through the route's serializer. */
  compose<A extends { data: Item[] }>(answer: A): Buffer | null {
    const parts = this.parts(answer);
    return parts && Buffer.concat(parts);
  }

  /** The answer's bytes in order, or null when it must go through the route's serializer. */
  private parts<A extends { data: Item[] }>(answer: A): Buffer[] | null {
    if (!this.checkItem || !this.checkAnswer) return null;
    const { data, ...rest } = answer;
    // the envelope, checked with no items (its keys in the schema's order, `data` first)
    if (!this.checkAnswer({ data: [], ...rest })) return null;
    const parts: Buffer[] = [OPEN];
    for (let i = 0; i < data.length; i++) {
      const item = this.itemBytes(data[i]!);
      if (!item) return null;
      if (i > 0) parts.push(COMMA);
      parts.push(item);
    }
    const tail = JSON.stringify(rest);
    if (tail === '{}') parts.push(CLOSE);
    else parts.push(CLOSE_DATA, Buffer.from(tail.slice(1)));
    return parts;
  }

  private itemBytes(item: Item): Buffer | null {
    let bytes = this.bytes.get(item);
    if (bytes) return bytes;
    if (!this.checkItem!(item)) return null;
    bytes = Buffer.from(JSON.stringify(item));
    this.bytes.set(item, bytes);
    return bytes;
  }
}
