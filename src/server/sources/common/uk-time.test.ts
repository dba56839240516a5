import { describe, expect, it } from 'vitest';
import { parseUkTimestamp, ukTimestampToIso } from './uk-time';

describe('UK Parliament timestamps', () => {
  it('reads the recorded lastUpdate forms (0, 6 and 7 fractional digits, no zone) as London time', () => {
    expect(ukTimestampToIso('2019-09-17T16:22:10')).toBe('2019-09-17T16:22:10.000+01:00');
    expect(ukTimestampToIso('2021-03-18T09:27:41.123269')).toBe('2021-03-18T09:27:41.123+00:00');
    expect(ukTimestampToIso('2021-05-04T10:42:08.0579851')).toBe('2021-05-04T10:42:08.057+01:00');
    expect(parseUkTimestamp('2021-05-04T10:42:08.0579851')?.toISOString()).toBe('2021-05-04T09:42:08.057Z');
  });

  it('uses the offset in force on each side of a clock change', () => {
    // clocks went forward at 01:00 UTC on 28 March 2021 and back at 01:00 UTC on 31 October 2021
    expect(ukTimestampToIso('2021-03-28T00:30:00')).toBe('2021-03-28T00:30:00.000+00:00');
    expect(ukTimestampToIso('2021-03-28T03:00:00')).toBe('2021-03-28T03:00:00.000+01:00');
    expect(ukTimestampToIso('2021-10-31T03:00:00')).toBe('2021-10-31T03:00:00.000+00:00');
  });

  it('keeps an explicit zone and reads plain dates as local midnight', () => {
    expect(parseUkTimestamp('2026-09-24T16:08:01.655945+01:00')?.toISOString()).toBe(
      '2026-09-24T15:08:01.655Z',
    );
    expect(parseUkTimestamp('2026-09-24T15:08:01Z')?.toISOString()).toBe('2026-09-24T15:08:01.000Z');
    expect(ukTimestampToIso('2021-01-12T00:00:00')).toBe('2021-01-12T00:00:00.000+00:00');
    expect(ukTimestampToIso('2010-07-27')).toBe('2010-07-27T00:00:00.000+01:00');
  });

  it('rejects impossible or unreadable values', () => {
    expect(parseUkTimestamp('2019-02-30T10:00:00')).toBeNull();
    expect(parseUkTimestamp('yesterday')).toBeNull();
    expect(parseUkTimestamp(null)).toBeNull();
    expect(ukTimestampToIso('')).toBeNull();
  });
});
