import { describe, expect, it } from 'vitest';
import { snapshotBundles } from './load-snapshot';

describe('the bundled snapshot', () => {
  const bundles = snapshotBundles();

  it('maps the recorded responses and the Acts dataset into 353 distinct items', () => {
    expect(bundles).toHaveLength(353);
    expect(new Set(bundles.map((b) => `${b.item.source}:${b.item.upstreamId}`)).size).toBe(353);
    expect(bundles.filter((b) => b.item.source === 'parliament_bills')).toHaveLength(20);
    expect(bundles.every((b) => b.item.jurisdictionId === 1)).toBe(true);
  });

  it('keeps the recorded bill detail and stages of bill 2818 and each listed bill’s current stage', () => {
    const bill = bundles.find((b) => b.item.upstreamId === '2818')!;
    expect(bill.item.longTitle).toBe('A Bill to abolish business rates; and for connected purposes.');
    expect(bill.timeline?.map((e) => e.upstreamId)).toEqual(['stage:12654', 'stage:12655']);
    const act = bundles.find((b) => b.item.source === 'parliament_bills' && b.item.upstreamId === '642')!;
    expect(act.item).toMatchObject({ title: 'Academies Act 2010', status: 'enacted' });
    expect(act.timeline).toHaveLength(1);
  });

  it('loads only legislation events of the Publication Log and leaves EU-origin items out', () => {
    const keys = bundles.map((b) => b.item.upstreamId);
    expect(keys).toEqual(
      expect.arrayContaining([
        'uksi/1990/1869',
        'ssi/2026/266',
        'ukpga/2018/12',
        'wsi/2002/808',
        'uksi/2019/1434',
        'anaw/2016/4',
      ]),
    );
    expect(keys.some((k) => k.startsWith('eu'))).toBe(false);
    const clml = bundles.find((b) => b.item.upstreamId === 'uksi/2019/1434')!;
    expect(clml.item.title).toBe('The Data Protection Act 2018 (Commencement No. 3) Regulations 2019');
  });
});
