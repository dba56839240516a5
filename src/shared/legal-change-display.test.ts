import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  formatDisplayDateTime,
  houseLabel,
  sortTimeline,
  stageBadgeColour,
  timelineDotColour,
  timelineHouseBadge,
  timelinePriority,
} from './legal-change-display';

describe('stageBadgeColour', () => {
  it.each([
    ['Royal Assent', 'green'],
    ['royal assent', 'green'],
    ['Enacted', 'green'],
    ['Committee stage', 'yellow'],
    ['Under consideration', 'yellow'],
    ['Report stage', 'yellow'],
    ['2nd reading', 'yellow'],
    ['3rd Reading', 'yellow'],
    ['Bill introduced', 'blue'],
    ['Proposed', 'blue'],
    ['Money resolution', 'blue'],
    ['Withdrawn', 'red'],
    ['Lapsed', 'red'],
    ['Published', 'purple'],
    ['Active', 'purple'],
    ['Made', 'grey'],
    ['', 'grey'],
    [null, 'grey'],
    [undefined, 'grey'],
  ])('%s → %s', (stage, colour) => {
    expect(stageBadgeColour(stage)).toBe(colour);
  });

  it('checks the groups in the spec order', () => {
    // green before yellow: both words appear
    expect(stageBadgeColour('Royal Assent after committee')).toBe('green');
    // yellow before blue
    expect(stageBadgeColour('Committee of the whole House (introduced)')).toBe('yellow');
    expect(stageBadgeColour('Money resolution reading')).toBe('yellow');
    // blue before red
    expect(stageBadgeColour('Proposed then withdrawn')).toBe('blue');
    // red before purple
    expect(stageBadgeColour('Lapsed; was active')).toBe('red');
    // 'enacted' inside a longer word still counts, as the rule is a text match
    expect(stageBadgeColour('RE-ENACTED')).toBe('green');
  });
});

describe('timelineDotColour', () => {
  it.each([
    ['proposed', 'blue'],
    ['consultation_started', 'yellow'],
    ['consultation_ended', 'orange'],
    ['enacted', 'green'],
    ['effective', 'purple'],
    ['amended', 'red'],
    ['other', 'grey'],
    ['something_new', 'grey'],
    ['toString', 'grey'],
    [null, 'grey'],
    [undefined, 'grey'],
  ])('%s → %s', (type, colour) => {
    expect(timelineDotColour(type)).toBe(colour);
  });
});

describe('timelineHouseBadge', () => {
  it.each([
    ['2nd reading in the House of Commons', 'House of Commons'],
    ['Committee stage in the House of Lords', 'House of Lords'],
    ['1st reading IN THE HOUSE OF LORDS', 'House of Lords'],
    ['Royal Assent', 'Final Stages'],
    ['House of Commons', 'Final Stages'],
    ['', 'Final Stages'],
    [null, 'Final Stages'],
  ])('%s → %s', (text, badge) => {
    expect(timelineHouseBadge(text)).toBe(badge);
  });
});

describe('timelinePriority', () => {
  it.each([
    ['Royal Assent', 0],
    ['3rd reading in the House of Lords', 1],
    ['Third Reading', 1],
    ['Consideration of amendments', 2],
    ['Lords amendments considered', 2],
    ['Report stage in the House of Commons', 3],
    ['Committee of the whole House', 4],
    ['Committee stage', 5],
    ['Programme motion', 6],
    ['Money resolution', 7],
    ['2nd reading in the House of Commons', 8],
    ['Second reading', 8],
    ['1st reading in the House of Lords', 9],
    ['First reading', 9],
    ['Bill introduced', 10],
    ['Introduction', 10],
    ['Carry-over motion', 11],
    ['', 11],
  ])('%s → %i', (title, rank) => {
    expect(timelinePriority(title)).toBe(rank);
  });
});

describe('sortTimeline', () => {
  const ev = (title: string, eventDate: string | null) => ({ title, eventDate });

  it('puts the newest date first and undated events last', () => {
    const sorted = sortTimeline([
      ev('1st reading', '2026-01-10'),
      ev('Undated A', null),
      ev('Committee stage', '2026-03-01'),
      ev('2nd reading', '2026-02-01'),
      ev('Undated B', 'not a date'),
    ]);
    expect(sorted.map((e) => e.title)).toEqual([
      'Committee stage',
      '2nd reading',
      '1st reading',
      'Undated A',
      'Undated B',
    ]);
  });

  it('orders events of the same date by stage priority', () => {
    const day = '2026-05-20';
    const titles = [
      'Something else',
      'Bill introduced',
      '1st reading',
      '2nd reading',
      'Money resolution',
      'Programme motion',
      'Committee stage',
      'Committee of the whole House',
      'Report stage',
      'Consideration of Lords amendments',
      '3rd reading',
      'Royal Assent',
    ];
    const sorted = sortTimeline(titles.map((t) => ev(t, day)));
    expect(sorted.map((e) => e.title)).toEqual([...titles].reverse());
  });

  it('treats date-times on the same day as the same date and keeps ties in given order', () => {
    const sorted = sortTimeline([
      ev('Other A', '2026-05-20T09:00:00'),
      ev('Royal Assent', '2026-05-20'),
      ev('Other B', '2026-05-20T18:00:00Z'),
    ]);
    expect(sorted.map((e) => e.title)).toEqual(['Royal Assent', 'Other A', 'Other B']);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [ev('a', '2026-01-01'), ev('b', '2026-02-01')];
    const sorted = sortTimeline(input);
    expect(sorted).not.toBe(input);
    expect(input.map((e) => e.title)).toEqual(['a', 'b']);
  });
});

describe('formatDisplayDate and formatDisplayDateTime', () => {
  it.each([
    ['2026-10-01', 'Oct 1, 2026'],
    ['2026-12-25T10:30:00', 'Dec 25, 2026'],
    [new Date(2026, 0, 5, 8, 0), 'Jan 5, 2026'],
  ])('formats the date %s as %s', (value, shown) => {
    expect(formatDisplayDate(value)).toBe(shown);
  });

  it.each([
    ['2026-10-01T14:05:00', 'Oct 1, 2026 14:05'],
    ['2026-03-09T00:00', 'Mar 9, 2026 00:00'],
    [new Date(2026, 6, 4, 23, 59), 'Jul 4, 2026 23:59'],
  ])('formats the date-time %s as %s', (value, shown) => {
    expect(formatDisplayDateTime(value)).toBe(shown);
  });

  it.each([null, undefined, '', '   '])('shows Not specified for %j', (value) => {
    expect(formatDisplayDate(value)).toBe('Not specified');
    expect(formatDisplayDateTime(value)).toBe('Not specified');
  });

  it.each(['not a date', '2026-13-45', new Date(Number.NaN)])('shows Invalid date for %s', (value) => {
    expect(formatDisplayDate(value)).toBe('Invalid date');
    expect(formatDisplayDateTime(value)).toBe('Invalid date');
  });
});

describe('houseLabel', () => {
  it.each([
    ['Commons', 'House of Commons'],
    ['Lords', 'House of Lords'],
    ['commons', 'House of Commons'],
    ['House of Lords', 'House of Lords'],
    ['Unassigned', 'Unassigned'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (house, label) => {
    expect(houseLabel(house)).toBe(label);
  });
});
