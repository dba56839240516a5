import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '#server/sources/http';
import { keyInformation } from '#shared/key-information';
import { mapJusticeLawsInstrument } from './client';

const recorded = (name: string) =>
  parseXmlDocument(
    readFileSync(
      new URL(`../../../../test/fixtures/sources/canada-justice-laws/${name}`, import.meta.url),
      'utf8',
    ).replace(/^\uFEFF/, ''),
    'https://laws-lois.justice.gc.ca/eng/XML/test.xml',
  );

const dates = (item: ReturnType<typeof mapJusticeLawsInstrument>['item']) =>
  Object.fromEntries(
    keyInformation({ ...item, jurisdictionId: 4 }).flatMap((e) =>
      e.value.kind === 'date' ? [[e.field, e.value.date]] : [],
    ),
  );

describe('a Justice Laws instrument as the source states it', () => {
  it('S-22: the consolidated version’s start is not the Act’s coming into force', () => {
    const { item, timeline } = mapJusticeLawsInstrument(
      'S-22',
      recorded('act-S-22-statutory-instruments-act.xml'),
    );
    expect(item.effectiveDate).toBeNull();
    expect(item.enactmentDate).toBeNull();
    expect([item.currentStage, item.currentStageDate]).toEqual(['Last amended', '2015-06-18']);
    // the source gives a day, not a time it was updated
    expect(item.lastUpdatedDate).toBeNull();
    expect(dates(item)).toEqual({});
    expect(timeline.map((e) => [e.title, e.eventDate])).toEqual([['Last amended', '2015-06-18']]);
  });

  it('SOR/2026-79: registered on its RegistrationDate', () => {
    const { item } = mapJusticeLawsInstrument('SOR-2026-79', recorded('regulation-SOR-2026-79.xml'));
    expect(item.legislationNumber).toBe('SOR/2026-79');
    expect(item.enactmentDate).toBe('2026-05-04');
    expect(item.effectiveDate).toBeNull();
    expect(dates(item)).toEqual({ registered: '2026-05-04' });
  });
});
