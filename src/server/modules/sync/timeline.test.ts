import { describe, expect, it } from 'vitest';
import type { legalChanges } from '#server/db/schema';
import { heldDatesTimeline } from './timeline';

type Item = typeof legalChanges.$inferSelect;
const item = (fields: Partial<Item>) =>
  ({ category: 'secondary', officialUrl: 'https://www.legislation.gov.uk/uksi/2026/1', ...fields }) as Item;

describe('heldDatesTimeline', () => {
  it('makes one event per date held, oldest first, keyed so a rebuild replaces them', () => {
    const events = heldDatesTimeline(
      item({
        madeDate: '2026-01-10',
        enactmentDate: '2026-01-10',
        dateLaid: '2026-01-12',
        effectiveDate: '2026-02-01',
      }),
    );
    expect(events.map((e) => [e.upstreamId, e.title, e.eventDate, e.eventType, e.sortOrder])).toEqual([
      ['held:made', 'Made', '2026-01-10', 'enacted', 1],
      ['held:laid', 'Laid before Parliament', '2026-01-12', 'other', 2],
      ['held:effective', 'Comes into force', '2026-02-01', 'effective', 3],
    ]);
    expect(events[0]!.sourceUrl).toBe('https://www.legislation.gov.uk/uksi/2026/1');
  });

  it('shows a primary item as introduced and given Royal Assent, with its current stage', () => {
    const events = heldDatesTimeline(
      item({
        category: 'primary',
        proposedDate: '2025-03-01',
        consultationEndDate: '2025-04-01',
        currentStage: 'Report stage',
        currentStageDate: '2025-06-01',
      }),
    );
    expect(events.map((e) => [e.title, e.eventType])).toEqual([
      ['Introduced', 'proposed'],
      ['Consultation closes', 'consultation_ended'],
      ['Report stage', 'other'],
    ]);
  });

  it('answers nothing for an item with no dates', () => {
    expect(heldDatesTimeline(item({}))).toEqual([]);
  });
});
