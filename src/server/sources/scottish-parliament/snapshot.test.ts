import { describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/fixtures/sources/load';
import { scottishBillsSchema } from './schemas';
import { canonicalJson, diffSnapshots, rowHash, snapshotHashes } from './snapshot';

const bills = scottishBillsSchema.parse(fixtureJson('scottish-parliament', 'bills.json'));

describe('snapshot hashes', () => {
  it('writes canonical JSON with sorted keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson(new Date('2026-09-24T10:00:00Z'))).toBe('"2026-09-24T10:00:00.000Z"');
  });

  it('hashes rows independently of key order', () => {
    const row = bills[0]!;
    const reordered = Object.fromEntries(Object.entries(row).reverse());
    expect(rowHash(reordered)).toBe(rowHash(row));
    expect(rowHash(row)).toMatch(/^[0-9a-f]{64}$/);
    expect(rowHash({ ...row, ShortName: 'Renamed (Scotland) Bill' })).not.toBe(rowHash(row));
  });

  it('diffs two snapshots by key', () => {
    const before = snapshotHashes(bills, (b) => b.ID);
    const after = snapshotHashes(
      [{ ...bills[0]!, Reference: 'SP Bill 901A' }, bills[1]!, { ...bills[2]!, ID: 904 }],
      (b) => b.ID,
    );
    expect(diffSnapshots(before, after)).toEqual({
      added: ['904'],
      changed: ['901'],
      removed: ['903'],
      unchanged: 1,
    });
    expect(
      diffSnapshots(
        before,
        snapshotHashes(bills, (b) => b.ID),
      ),
    ).toEqual({ added: [], changed: [], removed: [], unchanged: 3 });
  });
});
