import { randomBytes } from 'node:crypto';

/** What a request id a client sends must look like for it to be echoed (else one is made up). */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

// a random 80-bit prefix a process, then a counter: ids never repeat within a process, and two
// processes' ids differ by their prefix. An id correlates log lines with an answer; it grants
// nothing, so it needs to be unique, not unguessable (and a counter costs far less than a
// random value on the health check's fast path, answered tens of thousands of times a second)
const prefix = (() => {
  const hex = randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`;
})();
const COUNTER_SPAN = 2 ** 48;
// per process by nature, not per app: every app of a process writes to the same logs, so their
// ids must come from one sequence to stay unique
let counter = 0;

/** A new request id, shaped as a UUID (8-4-4-4-12 hex digits). */
export function newRequestId(): string {
  counter = (counter + 1) % COUNTER_SPAN;
  return prefix + counter.toString(16).padStart(12, '0');
}

/** The client's request id when it is well formed, else a new one. */
export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
}
