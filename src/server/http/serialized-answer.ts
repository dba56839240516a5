import type { FastifyReply } from 'fastify';

/** `answer` through the route's response serializer (checked against its schema), as UTF-8 bytes. */
export function serializedAnswer(reply: FastifyReply, answer: unknown): Buffer {
  const serialized = reply.serialize(answer);
  return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer);
}

/** Answers with bytes made by `serializedAnswer` (kept as UTF-8: written as they are, nothing to encode). */
export function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
