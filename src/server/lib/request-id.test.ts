import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFrom } from './request-id';

describe('request ids', () => {
  it('are shaped as a UUID and never repeat within a process', () => {
    const ids = Array.from({ length: 10_000 }, newRequestId);
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echo a client's well-formed id and replace anything else", () => {
    expect(requestIdFrom('probe-12345678')).toBe('probe-12345678');
    for (const bad of [
      undefined,
      '',
      'short',
      'bad id!',
      'x'.repeat(65),
      ['probe-12345678', 'probe-87654321'],
    ])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
