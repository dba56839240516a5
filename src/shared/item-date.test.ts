import { describe, expect, it } from 'vitest';
import { itemDate, legalKindOf } from './item-date';

describe('itemDate: the best legal date the source states, and what happened on it', () => {
  it('an Act: its Royal Assent; with only a year, the year', () => {
    expect(
      itemDate({ legislationType: 'ukpga', enactmentDate: '2018-05-23', legislationYear: 2018 }),
    ).toEqual({
      itemDate: '2018-05-23',
      itemDateKind: 'royal_assent',
    });
    expect(itemDate({ legislationType: 'ukpga', legislationYear: 2025 })).toEqual({
      itemDate: '2025-01-01',
      itemDateKind: 'year_only',
    });
  });

  it('an instrument: made, else laid, else coming into force; never Royal Assent', () => {
    expect(
      itemDate({
        legislationType: 'uksi',
        madeDate: '2019-10-30',
        dateLaid: '2019-11-01',
        enactmentDate: '2019-10-30',
      }),
    ).toEqual({ itemDate: '2019-10-30', itemDateKind: 'made' });
    expect(itemDate({ legislationType: 'ssi', dateLaid: '2026-09-01', effectiveDate: '2026-10-01' })).toEqual(
      {
        itemDate: '2026-09-01',
        itemDateKind: 'laid',
      },
    );
    expect(itemDate({ legislationType: 'wsi', effectiveDate: '2026-10-01' })).toEqual({
      itemDate: '2026-10-01',
      itemDateKind: 'coming_into_force',
    });
  });

  it('a draft instrument: laid in draft', () => {
    expect(itemDate({ legislationType: 'ukdsi', dateLaid: '2026-09-18', legislationYear: 2026 })).toEqual({
      itemDate: '2026-09-18',
      itemDateKind: 'laid',
    });
  });

  it('a bill: Royal Assent, else its stage date', () => {
    expect(
      itemDate({
        legislationType: 'uk_parliament_bill',
        enactmentDate: '2026-03-01',
        currentStageDate: '2026-02-01',
      }),
    ).toEqual({ itemDate: '2026-03-01', itemDateKind: 'royal_assent' });
    expect(itemDate({ legislationType: 'uk_parliament_bill', currentStageDate: '2026-02-01' })).toEqual({
      itemDate: '2026-02-01',
      itemDateKind: 'stage',
    });
  });

  it('other sources: a Federal Register document by its publication, a consultation by its closing date', () => {
    expect(
      itemDate({ legislationType: 'us_rule', source: 'federal_register', currentStageDate: '2024-12-30' }),
    ).toEqual({ itemDate: '2024-12-30', itemDateKind: 'published' });
    expect(itemDate({ legislationType: 'us_proposed_rule', consultationEndDate: '2025-02-28' })).toEqual({
      itemDate: '2025-02-28',
      itemDateKind: 'consultation_end',
    });
  });

  it('other sources: each date by what happened on it, a date no kind names left unused', () => {
    // a Congress bill with no action recorded: its introduction (named by the 'introduced' stage)
    expect(itemDate({ legislationType: 'us_bill', proposedDate: '2025-05-20' })).toEqual({
      itemDate: '2025-05-20',
      itemDateKind: 'stage',
    });
    // a Federal Register rule stored with its publication as its published date
    expect(itemDate({ legislationType: 'us_rule', proposedDate: '2024-12-31' })).toEqual({
      itemDate: '2024-12-31',
      itemDateKind: 'published',
    });
    expect(itemDate({ legislationType: 'ca_bill', enactmentDate: '2025-11-20' })).toEqual({
      itemDate: '2025-11-20',
      itemDateKind: 'royal_assent',
    });
    expect(itemDate({ legislationType: 'au_instrument', madeDate: '2024-03-01' })).toEqual({
      itemDate: '2024-03-01',
      itemDateKind: 'made',
    });
    // EUR-Lex's date of document is neither a publication nor an adoption: the year stands
    expect(
      itemDate({ legislationType: 'eu_regulation', enactmentDate: '2016-04-27', legislationYear: 2016 }),
    ).toEqual({ itemDate: '2016-01-01', itemDateKind: 'year_only' });
  });

  it('null when the source states nothing: never the time the item was stored', () => {
    expect(itemDate({ legislationType: 'uksi' })).toEqual({ itemDate: null, itemDateKind: null });
  });
});

describe('legalKindOf', () => {
  it.each([
    ['ukpga', false, 'act'],
    ['asp', false, 'act'],
    ['nia', false, 'act'],
    ['uksi', false, 'instrument'],
    ['nisr', false, 'instrument'],
    ['uksi', true, 'draft_instrument'],
    ['sdsi', false, 'draft_instrument'],
    ['uk_parliament_bill', false, 'bill'],
    ['scottish_parliament_bill', false, 'bill'],
    ['eu_regulation', false, 'other'],
  ] as const)('%s (draft %s) is %s', (type, draft, kind) => {
    expect(legalKindOf(type, draft)).toBe(kind);
  });
});
