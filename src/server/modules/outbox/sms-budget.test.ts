import { describe, expect, it } from 'vitest';
import { londonDay } from '#server/sources/common/uk-time';
import { dailyTextAllowance, textsWithinBudget } from './sms-budget';

describe('the London day of the SMS budget', () => {
  it.each([
    // winter: London is on UTC
    ['2026-01-15T23:59:59Z', '2026-01-15', '2026-01-15T00:00:00.000Z', '2026-01-16T00:00:00.000Z'],
    // summer: London is an hour ahead, so 23:30 UTC is already the next day
    ['2026-07-01T23:30:00Z', '2026-07-02', '2026-07-01T23:00:00.000Z', '2026-07-02T23:00:00.000Z'],
    // the clocks go forward at 01:00 UTC on 29 March 2026: a 23-hour day
    ['2026-03-29T12:00:00Z', '2026-03-29', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'],
    // and back at 01:00 UTC on 25 October 2026: a 25-hour day
    ['2026-10-25T12:00:00Z', '2026-10-25', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
  ])('%s falls on %s', (instant, date, start, end) => {
    const day = londonDay(new Date(instant));
    expect(day).toEqual({ date, start: new Date(start), end: new Date(end) });
  });
});

describe('texts a day buys', () => {
  it.each([
    [2000, 4, 500],
    [12, 4, 3],
    [10, 4, 2], // never more than the budget
    [0, 4, 0],
    [12, 0.1, 120],
    [0, 0, 0],
    [100, 0, null], // free texts: no limit
  ])('budget %sp at %sp each → %s', (budget, unit, texts) => {
    expect(dailyTextAllowance({ SMS_DAILY_BUDGET_PENCE: budget, SMS_UNIT_PRICE_PENCE: unit })).toBe(texts);
  });
});

describe('texts that fit in what is left of the day', () => {
  const gsm = 'a'.repeat(150); // one segment
  const ucs2 = 'я'.repeat(150); // three segments (67 + 67 + 16)
  it.each([
    [[gsm, gsm, gsm], 2, 0, 2],
    [[ucs2, gsm], 3, 0, 1],
    [[ucs2, gsm], 4, 1, 2],
    [[gsm, ucs2, gsm], 3, 1, 1], // in order: the UCS-2 text does not fit, so nothing after it goes
    [[ucs2], 2, 0, 1], // longer than the whole day: alone, on a day with nothing spent
    [[ucs2], 2, 1, 0],
    [[gsm], 0, 5, 0],
  ])('%#: %j with %s segments left (%s spent) → %s', (bodies, left, spent, taken) => {
    expect(textsWithinBudget(bodies, { remainingTexts: left, segmentsSpent: spent })).toBe(taken);
  });
  it('takes every text when texts are free', () => {
    expect(textsWithinBudget([ucs2, ucs2], { remainingTexts: null, segmentsSpent: 9 })).toBe(2);
  });
});
