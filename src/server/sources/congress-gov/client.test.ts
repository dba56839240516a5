import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itemDate } from '#shared/item-date';
import { keyInformation } from '#shared/key-information';
import { mapCongressBill } from './client';

const recorded = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../test/fixtures/sources/congress-gov/${name}`, import.meta.url), 'utf8'),
  ).bill;

const card = (item: ReturnType<typeof mapCongressBill>['item']) =>
  keyInformation({ ...item, jurisdictionId: 3 }).map((e) => [
    e.field,
    e.value.kind === 'date' ? e.value.date : 'text' in e.value ? e.value.text : e.value.kind,
  ]);

describe('a Congress bill as Congress.gov states it', () => {
  it('119 HR 1: introduced on its day, became law on the day of "Became Public Law No: 119-21."', () => {
    const bill = recorded('bill-119-hr-1.json');
    expect(bill.laws).toEqual([{ number: '119-21', type: 'Public Law' }]);
    const { item, timeline } = mapCongressBill(bill);
    expect(item.proposedDate).toBe('2025-05-20');
    expect(item.enactmentDate).toBe('2025-07-04');
    // the stage is the source's words without the full stop that ends its sentence
    expect(item.currentStage).toBe('Became Public Law No: 119-21');
    expect(item.currentStageDate).toBe('2025-07-04');
    expect(itemDate(item)).toEqual({ itemDate: '2025-07-04', itemDateKind: 'stage' });
    expect(card(item)).toEqual([
      ['legislationType', 'legislationType'],
      ['currentStage', 'Became Public Law No: 119-21'],
      ['introduced', '2025-05-20'],
      ['becameLaw', '2025-07-04'],
      ['lastUpdated', 'dateTime'],
    ]);
    expect(timeline.map((e) => [e.title, e.eventDate, e.house])).toEqual([
      ['Introduced in the House', '2025-05-20', 'House'],
      ['Became Public Law No: 119-21', '2025-07-04', null],
    ]);
  });

  it('the chamber of origin is not a current House, a sponsor is a Member named on the introduction', () => {
    const { item, timeline } = mapCongressBill(recorded('bill-119-hr-1.json'));
    expect(item.currentHouse).toBeNull();
    expect(item.thirdPartyOrganisation).toBeNull();
    expect(timeline[0]!.description).toBe('Sponsor: Rep. Arrington, Jodey C. [R-TX-19]');
    // no short title was recorded: none is made from the type and number
    expect(item.shortName).toBeNull();
    expect(item.legislationNumber).toBe('HR 1');
    // a row stored with its chamber of origin as the House does not show it as the current one
    expect(card({ ...item, currentHouse: 'House' }).map(([field]) => field)).not.toContain('currentHouse');
  });

  it('117 HR 21: not enacted, dated by its latest action', () => {
    const { item } = mapCongressBill(recorded('bill-117-hr-21.json'));
    expect(item.enactmentDate).toBeNull();
    expect(item.status).toBe('active');
    expect(item.proposedDate).toBe('2021-01-04');
    expect(item.currentStage).toBe(
      'Received in the Senate and Read twice and referred to the Committee on Homeland Security and Governmental Affairs',
    );
    expect(itemDate(item)).toEqual({ itemDate: '2021-01-06', itemDateKind: 'stage' });
    expect(itemDate({ ...item, currentStageDate: null })).toEqual({
      itemDate: '2021-01-04',
      itemDateKind: 'stage',
    });
  });
});
