import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itemDate } from '#shared/item-date';
import { keyInformation, type KeyInfoItem } from '#shared/key-information';
import { mapFederalRegisterDocument } from './client';

const recorded = JSON.parse(
  readFileSync(
    new URL('../../../../test/fixtures/sources/federal-register/document-2024-31396.json', import.meta.url),
    'utf8',
  ),
);

const dates = (item: KeyInfoItem) =>
  Object.fromEntries(
    keyInformation(item).flatMap((e) => (e.value.kind === 'date' ? [[e.field, e.value.date]] : [])),
  );

describe('a Federal Register document as the source states it (recorded 2024-31396)', () => {
  const { item, timeline } = mapFederalRegisterDocument(recorded);

  it('keeps publication_date as the published date, never as an adoption (signing_date is null)', () => {
    expect(recorded.signing_date).toBeNull();
    expect(item.proposedDate).toBe('2024-12-31');
    expect(item.enactmentDate).toBeNull();
    expect(item.currentStage).toBe('Final rule');
    expect(item.currentStageDate).toBe('2024-12-31');
    expect(item.effectiveDate).toBe('2025-01-30');
  });

  it('names the agency as the source does, with no type the source does not give', () => {
    expect(item.governmentBodyName).toBe('Environmental Protection Agency');
    expect(item.governmentBodyType).toBeNull();
    expect(item.departmentName).toBeNull();
  });

  it('key information says Published and Effective Date; the list dates it by its publication', () => {
    const card = dates({ ...item, jurisdictionId: 3 });
    expect(card).toEqual({ published: '2024-12-31', effectiveDate: '2025-01-30' });
    expect(itemDate(item)).toEqual({ itemDate: '2024-12-31', itemDateKind: 'published' });
    // a row stored before publication was kept as such still shows it as published
    expect(dates({ ...item, proposedDate: null, enactmentDate: '2024-12-31' })).toEqual(card);
  });

  it('its timeline: published with its citation, then the effective date', () => {
    expect(timeline.map((e) => [e.title, e.eventDate])).toEqual([
      ['Published in the Federal Register (89 FR 107012)', '2024-12-31'],
      ['Takes effect', '2025-01-30'],
    ]);
  });
});
