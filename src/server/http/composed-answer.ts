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
 * An answer sent and not kept is written into one of the app's slabs (cache/slabs.ts) rather
 * than a buffer of its own.
 */
import type { FastifyReply } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { SLAB_BYTES, type Slabs } from '#server/cache/slabs';
import { sendSerialized } from './serialized-answer';
import { compileCheck } from './serializer';

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
const CLOSE_DATA = Buffer.from('],');

export class ComposedAnswers<Item extends object> {
  private readonly bytes = new WeakMap<Item, Buffer>();
  private readonly checkItem: ((value: unknown) => boolean) | null;
  private readonly checkAnswer: ((value: unknown) => boolean) | null;

  /** `answerSchema`: the route's 200 answer, `{ data: Item[], ... }` with `data` first */
  constructor(
    itemSchema: $ZodType,
    answerSchema: $ZodType,
    private readonly slabs: Slabs,
  ) {
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
    const slab = this.slabs.take();
    let at = 0;
    for (const part of parts) {
      slab.set(part, at);
      at += part.length;
    }
    reply.raw.once('finish', () => this.slabs.give(slab));
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

/** What a list or search route sends: bytes made already, or an answer to compose or serialize. */
export type PreparedAnswer<A extends { data: object[] }> =
  | { bytes: Buffer; answer?: undefined; composed?: undefined }
  | { bytes?: undefined; answer: A; composed?: ComposedAnswers<A['data'][number]> };

/** Sends a prepared answer: its bytes, its composed bytes, or the answer for the route's serializer. */
export function sendPrepared<A extends { data: object[] }>(
  reply: FastifyReply,
  prepared: PreparedAnswer<A>,
): FastifyReply | A {
  if (prepared.bytes) return sendSerialized(reply, prepared.bytes);
  return prepared.composed ? prepared.composed.send(reply, prepared.answer) : prepared.answer;
}
