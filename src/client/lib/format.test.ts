import { describe, expect, it } from 'vitest';
import { createFormatter, intlLocale } from './format';

// strips the direction marks Intl puts around Arabic numbers and separators
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

describe('createFormatter', () => {
  const instant = '2026-10-01T14:05:00Z'; // 15:05 in London (BST), 23:05 in Tokyo
  const lateEvening = '2026-12-11T23:30:00Z'; // still the 11th in London, already the 12th in Tokyo

  it('renders the spec shapes in English: medium date and 24-hour date-time', () => {
    const en = createFormatter('en', 'Europe/London');
    expect(en.date('2026-10-01')).toBe('Oct 1, 2026');
    expect(en.dateTime(instant)).toBe('Oct 1, 2026 15:05');
    expect(en.time(instant)).toBe('15:05');
    expect(en.month('2026-11-01')).toBe('November 2026');
    expect(en.day('2026-10-01')).toBe('Thursday, October 1, 2026');
  });

  it("uses each language's own medium date", () => {
    expect(createFormatter('es', 'UTC').date('2026-10-01')).toBe('1 oct 2026');
    expect(createFormatter('ja', 'UTC').date('2026-10-01')).toBe('2026/10/01');
    expect(plain(createFormatter('ar', 'UTC').date('2026-10-01'))).toMatch(
      /^(01\/10\/2026|٠١\/١٠\/٢٠٢٦|1 أكتوبر 2026|١ أكتوبر ٢٠٢٦)$/,
    );
    expect(createFormatter('es', 'UTC').dateTime(instant)).toBe('1 oct 2026, 14:05');
    expect(createFormatter('ja', 'Asia/Tokyo').dateTime(instant)).toBe('2026/10/01 23:05');
  });

  it("shows instants in the member's time zone, not the browser's", () => {
    const london = createFormatter('en', 'Europe/London');
    const tokyo = createFormatter('en', 'Asia/Tokyo');
    expect(london.date(lateEvening)).toBe('Dec 11, 2026');
    expect(tokyo.date(lateEvening)).toBe('Dec 12, 2026');
    expect(tokyo.dateTime(lateEvening)).toBe('Dec 12, 2026 08:30');
    expect(createFormatter('ja', 'Asia/Tokyo').time(lateEvening)).toBe('08:30');
  });

  it('falls back to the browser zone when the member has none or an unknown one', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(createFormatter('en').timeZone).toBe(browser);
    expect(createFormatter('en', null).timeZone).toBe(browser);
    expect(createFormatter('en', 'Not/AZone').timeZone).toBe(browser);
    expect(createFormatter('en', 'Asia/Tokyo').timeZone).toBe('Asia/Tokyo');
  });

  it('keeps a calendar date on its day in every time zone', () => {
    expect(createFormatter('en', 'Pacific/Honolulu').date('2026-10-01')).toBe('Oct 1, 2026');
    expect(createFormatter('en', 'Pacific/Kiritimati').date('2026-10-01')).toBe('Oct 1, 2026');
  });

  it('says how long ago or how soon, in the language', () => {
    const now = Date.parse('2026-10-04T12:00:00Z');
    expect(createFormatter('en', 'UTC').relative('2026-10-01T12:00:00Z', now)).toBe('3 days ago');
    expect(createFormatter('en', 'UTC').relative('2026-10-04T14:00:00Z', now)).toBe('in 2 hours');
    expect(createFormatter('en', 'UTC').relative('2026-10-03T11:00:00Z', now)).toBe('yesterday');
    expect(createFormatter('es', 'UTC').relative('2026-10-01T12:00:00Z', now)).toBe('hace 3 días');
    expect(createFormatter('ja', 'UTC').relative('2026-10-01T12:00:00Z', now)).toBe('3 日前');
    expect(plain(createFormatter('ar', 'UTC').relative('2026-10-01T12:00:00Z', now))).toMatch(
      /^قبل (3|٣) أيام$/,
    );
  });

  it('formats numbers, percents, pounds and sizes in the language', () => {
    expect(createFormatter('en').number(1234567)).toBe('1,234,567');
    expect(createFormatter('es').number(1234567)).toBe('1.234.567');
    expect(createFormatter('en').percent(12, { signed: true })).toBe('+12%');
    expect(createFormatter('en').percent(-4, { signed: true })).toBe('-4%');
    expect(createFormatter('en').percent(0, { signed: true })).toBe('0%');
    expect(createFormatter('en').pounds(15)).toBe('£15');
    expect(createFormatter('ja').pounds(15)).toBe('£15');
    expect(createFormatter('es').pounds(15)).toBe('15\u00a0£');
    expect(plain(createFormatter('ar').pounds(15))).toMatch(/^(15|١٥)\s£$/);
    expect(createFormatter('en').pounds(9.99, { pence: true })).toBe('£9.99');
    expect(createFormatter('en').fileSize(340_000)).toBe('340 kB');
    expect(createFormatter('en').fileSize(1_200_000)).toBe('1.2 MB');
    expect(plain(createFormatter('ar').number(1234))).toMatch(/^(1,234|١٬٢٣٤)$/);
  });

  it('shows nothing for a missing or unreadable date', () => {
    const en = createFormatter('en', 'UTC');
    for (const value of [null, undefined, '', '  ', 'not a date', Number.NaN]) {
      expect(en.date(value)).toBe('');
      expect(en.dateTime(value)).toBe('');
      expect(en.relative(value)).toBe('');
    }
  });

  it('maps English to the month-first medium date and keeps other languages', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('ar')).toBe('ar');
    expect(intlLocale('ja')).toBe('ja');
  });
});
