import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itemDate } from '#shared/item-date';
import { keyInformation } from '#shared/key-information';
import { mapFrlTitle } from './client';

const recorded = JSON.parse(
  readFileSync(
    new URL(
      '../../../../test/fixtures/sources/australia-legislation/title-C2004A03712-privacy-act-1988.json',
      import.meta.url,
    ),
    'utf8',
  ),
);

describe('a Federal Register of Legislation title as the source states it (recorded C2004A03712)', () => {
  it('the Privacy Act 1988: assented to on its making date, in force since its status began', () => {
    const { item, timeline } = mapFrlTitle(recorded);
    expect(item.enactmentDate).toBe('1988-12-14');
    expect(item.madeDate).toBeNull();
    expect([item.currentStage, item.currentStageDate]).toEqual(['In force', '1988-12-14']);
    expect(itemDate(item)).toEqual({ itemDate: '1988-12-14', itemDateKind: 'stage' });
    const card = keyInformation({ ...item, jurisdictionId: 5 }).map((e) => e.field);
    expect(card).toContain('royalAssent');
    expect(card).not.toContain('adopted');
    expect(timeline[0]).toMatchObject({ title: 'Assented to', eventDate: '1988-12-14' });
  });

  it('an instrument is made; a repealed title is dated by the start of its repeal, if recorded', () => {
    const instrument = mapFrlTitle({
      ...recorded,
      collection: 'LegislativeInstrument',
      status: 'Repealed',
      isInForce: false,
      statusHistory: [
        { status: 'InForce', start: '1988-12-14T00:00:00' },
        { status: 'Repealed', start: '2020-01-01T00:00:00' },
      ],
    }).item;
    expect([instrument.madeDate, instrument.enactmentDate]).toEqual(['1988-12-14', null]);
    expect([instrument.currentStage, instrument.currentStageDate]).toEqual(['Repealed', '2020-01-01']);
    const card = keyInformation({ ...instrument, jurisdictionId: 5 }).map((e) => e.field);
    expect(card).toContain('made');
  });
});
