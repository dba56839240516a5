import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { legalChangeSearchResult, pagedLegalChanges } from '#shared/schemas/legal-changes';
import { compileCheck, serializerCompiler } from './serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** What each path answers: the JSON, or the error's name. */
function outcome(serialize: (data: unknown) => string, data: unknown): string {
  try {
    return `ok ${serialize(data)}`;
  } catch (error) {
    return `error ${(error as Error).name}`;
  }
}

const sample = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(5),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  kind: z.enum(['a', 'b']),
  flag: z.boolean(),
  note: z.string().optional(),
  tags: z.array(z.object({ text: z.string(), match: z.boolean() })),
  extra: z.unknown(),
  email: z.email().nullable(),
  trimmed: z.string().trim(),
});
const keys = Object.keys(sample.shape);

/** Values near and far from what `sample` accepts. */
const value = fc.oneof(
  fc.constantFrom(
    1,
    2.5,
    -3,
    0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'abc',
    'abcdefg',
    '2026-01-02',
    ' x ',
    'a@b.co',
  ),
  fc.constantFrom(
    true,
    false,
    null,
    undefined,
    'a',
    'b',
    'c',
    new Date(0),
    [],
    [{ text: 't', match: true }],
    [{ text: 1 }],
  ),
  fc.constantFrom(
    { text: 't', match: false },
    { text: 't', match: false, more: 1 },
    Object.create({ inherited: 1 }),
  ),
  fc.string(),
  fc.integer(),
);

/** Objects with sample's keys (and others) in any order, some left out. */
const candidate = fc
  .tuple(
    fc.shuffledSubarray([...keys, 'other'], { minLength: 0, maxLength: keys.length + 1 }),
    fc.array(value, { minLength: keys.length + 1, maxLength: keys.length + 1 }),
  )
  .map(([ks, vs]) => Object.fromEntries(ks.map((k, i) => [k, vs[i]])));

/** A valid answer with one or two properties changed, dropped or added. */
const nearlyValid = fc
  .tuple(fc.constantFrom(...keys, 'other'), value, fc.constantFrom(...keys, 'other'), value, fc.boolean())
  .map(([k1, v1, k2, v2, drop]) => {
    const data: Record<string, unknown> = { ...valid(), [k1]: v1 };
    if (drop) delete data[k2];
    else data[k2] = v2;
    return data;
  });

function valid() {
  return {
    id: 7,
    name: 'abc',
    day: '2026-01-02',
    kind: 'a',
    flag: true,
    note: 'n',
    tags: [{ text: 'x', match: false }],
    extra: { any: ['thing'] },
    email: 'a@b.co',
    trimmed: 'x',
  };
}

describe('the checked response serializer', () => {
  it('answers exactly what zod’s serializer answers, or fails where it fails', () => {
    const fast = serializerCompiler(route(sample));
    const slow = zodSerializerCompiler(route(sample));
    fc.assert(
      fc.property(fc.oneof(candidate, nearlyValid), (data) => {
        expect(outcome(fast, data)).toBe(outcome(slow, data));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the fast path for an answer that is already what zod outputs', () => {
    expect(compileCheck(sample)!(valid())).toBe(true);
    const { note: _note, ...withoutOptional } = valid();
    expect(compileCheck(sample)!(withoutOptional)).toBe(true);
  });

  it('leaves to zod answers with extra or reordered keys, and zod strips and orders them', () => {
    const check = compileCheck(sample)!;
    const { id, ...rest } = valid();
    expect(check({ ...valid(), other: 1 })).toBe(false);
    expect(check({ ...rest, id })).toBe(false);
    const fast = serializerCompiler(route(sample));
    expect(fast({ ...rest, id, other: 1 })).toBe(JSON.stringify(valid()));
  });

  it('fails answers that break the schema, as zod does', () => {
    const fast = serializerCompiler(route(sample));
    for (const broken of [
      { ...valid(), id: 1.5 },
      { ...valid(), day: '2026-1-2' },
      { ...valid(), kind: 'c' },
      { ...valid(), id: Number.NaN },
    ]) {
      expect(() => fast(broken)).toThrow(/response doesn't match the schema|Response doesn't match/i);
    }
  });

  it('checks list and search answers on the fast path', () => {
    expect(compileCheck(pagedLegalChanges)).not.toBeNull();
    expect(compileCheck(legalChangeSearchResult)).not.toBeNull();
  });
});
