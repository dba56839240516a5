import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itemDate } from '#shared/item-date';
import { keyInformation } from '#shared/key-information';
import { mapLegisinfoBill } from './client';

const bills = JSON.parse(
  readFileSync(
    new URL(
      '../../../../test/fixtures/sources/canada-legisinfo/bills-json-parlsession-45-1-first-60.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as { BillNumberFormatted: string }[];
const recorded = (number: string) => bills.find((b) => b.BillNumberFormatted === number)! as never;

describe('a LEGISinfo bill as the source states it (recorded session 45-1)', () => {
  it('S-1001: Royal Assent on its day, no short title made up, the sponsor a Senator', () => {
    const { item, timeline } = mapLegisinfoBill(recorded('S-1001'));
    expect(item.enactmentDate).toBe('2025-11-20');
    expect(item.currentStage).toBe('Royal assent received');
    expect(item.shortName).toBeNull();
    expect(item.thirdPartyOrganisation).toBeNull();
    // the latest activity is a stage of the bill, not a time the record was updated
    expect(item.lastUpdatedDate).toBeNull();
    expect(itemDate(item)).toEqual({ itemDate: '2025-11-20', itemDateKind: 'stage' });
    const card = keyInformation({ ...item, jurisdictionId: 4 }).map((e) => e.field);
    expect(card).toContain('royalAssent');
    expect(card).not.toContain('adopted');
    // a Senate bill is introduced in the Senate: the sponsor is named on its first reading there
    const first = timeline.find((e) => e.description);
    expect([first?.title, first?.eventDate, first?.description]).toEqual([
      'First reading in the Senate',
      '2025-06-02',
      'Sponsor: Sen. Tony Loffreda',
    ]);
  });
});
