/**
 * Display rules of the legal change page (spec document 2, sections 2.2, 4, 5 and 9):
 * stage badge and timeline dot colours, the timeline's House badge and ordering, date
 * formats and house names. Pure functions shared by the server and the client.
 */

export type BadgeColour = 'green' | 'yellow' | 'blue' | 'red' | 'purple' | 'grey';
export type DotColour = BadgeColour | 'orange';

/** Checked in this order; the first group whose words appear in the stage text wins. */
const STAGE_COLOURS: readonly (readonly [BadgeColour, readonly string[]])[] = [
  ['green', ['royal assent', 'enacted']],
  ['yellow', ['committee', 'under consideration', 'report stage', 'reading']],
  ['blue', ['introduced', 'proposed', 'money resolution']],
  ['red', ['withdrawn', 'lapsed']],
  ['purple', ['published', 'active']],
];

/** Colour of the Current Stage badge, by a case-insensitive match on the stage text. */
export function stageBadgeColour(stage: string | null | undefined): BadgeColour {
  const text = (stage ?? '').toLowerCase();
  for (const [colour, words] of STAGE_COLOURS) {
    if (words.some((word) => text.includes(word))) return colour;
  }
  return 'grey';
}

const DOT_COLOURS: Readonly<Record<string, DotColour>> = {
  proposed: 'blue',
  consultation_started: 'yellow',
  consultation_ended: 'orange',
  enacted: 'green',
  effective: 'purple',
  amended: 'red',
};

/** Colour of a timeline event's dot by its event type; any other type is grey. */
export function timelineDotColour(eventType: string | null | undefined): DotColour {
  return (eventType && Object.hasOwn(DOT_COLOURS, eventType) ? DOT_COLOURS[eventType] : undefined) ?? 'grey';
}

export type TimelineHouse = 'House of Commons' | 'House of Lords' | 'Final Stages';

/** The House badge of a timeline event from its text (usually the title). */
export function timelineHouseBadge(text: string | null | undefined): TimelineHouse {
  const lower = (text ?? '').toLowerCase();
  if (lower.includes('in the house of commons')) return 'House of Commons';
  if (lower.includes('in the house of lords')) return 'House of Lords';
  return 'Final Stages';
}

/** Same-date priority by title, highest first; a title matching none comes last. */
const STAGE_PRIORITY: readonly RegExp[] = [
  /royal assent/,
  /\b(3rd|third) reading/,
  /consideration of amendments|lords amendments/,
  /report stage/,
  /committee of the whole house/,
  /committee/,
  /programme motion/,
  /money resolution/,
  /\b(2nd|second) reading/,
  /\b(1st|first) reading/,
  /bill introduced|introduction/,
];

/** Rank of a title among events of the same date: 0 is shown first. */
export function timelinePriority(title: string | null | undefined): number {
  const lower = (title ?? '').toLowerCase();
  const index = STAGE_PRIORITY.findIndex((pattern) => pattern.test(lower));
  return index === -1 ? STAGE_PRIORITY.length : index;
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar day of an event date as 'YYYY-MM-DD', or null when missing or unreadable. */
function eventDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const isoDay = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  if (isoDay) return Number.isNaN(Date.parse(`${isoDay[1]!}T00:00:00Z`)) ? null : isoDay[1]!;
  const parsed = new Date(value);
  return isValid(parsed) ? localDay(parsed) : null;
}

export interface TimelineSortable {
  title: string;
  eventDate: string | null;
}

/**
 * Newest event date first; events of the same date by stage priority (royal assent before
 * third reading, and so on); undated events last. Equal events keep their given order.
 */
export function sortTimeline<T extends TimelineSortable>(events: readonly T[]): T[] {
  const keyed = events.map((event, index) => ({
    event,
    index,
    day: eventDay(event.eventDate),
    priority: timelinePriority(event.title),
  }));
  keyed.sort((a, b) => {
    if (a.day !== b.day) {
      if (a.day === null) return 1;
      if (b.day === null) return -1;
      return a.day < b.day ? 1 : -1;
    }
    return a.priority - b.priority || a.index - b.index;
  });
  return keyed.map((k) => k.event);
}

export const NOT_SPECIFIED = 'Not specified';
export const INVALID_DATE = 'Invalid date';

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const trimmed = value.trim();
  // a date, or a date and time without a zone, is read as local time (as ISO 8601 says)
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0'] = local;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
    return date.getMonth() === Number(mo) - 1 ? date : new Date(Number.NaN);
  }
  return new Date(trimmed);
}

/** The English medium date in local time, as the server's English texts write it. */
const englishDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const englishTime = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function formatWith(withTime: boolean, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return NOT_SPECIFIED;
  const date = toDate(value);
  if (!isValid(date)) return INVALID_DATE;
  return withTime ? `${englishDate.format(date)} ${englishTime.format(date)}` : englishDate.format(date);
}

/**
 * 'Oct 1, 2026' (spec document 2 §9), for English texts the server composes; 'Not specified' when
 * missing, 'Invalid date' when unreadable. Screens format dates with the interface's own
 * formatter (client/lib/format), in the member's language and time zone.
 */
export function formatDisplayDate(value: string | number | Date | null | undefined): string {
  return formatWith(false, value);
}

/** 'Oct 1, 2026 14:05' in local time; 'Not specified' when missing, 'Invalid date' when unreadable. */
export function formatDisplayDateTime(value: string | number | Date | null | undefined): string {
  return formatWith(true, value);
}

/** 'Commons' → 'House of Commons', 'Lords' → 'House of Lords'; other values as given; null when missing. */
export function houseLabel(house: string | null | undefined): string | null {
  const trimmed = (house ?? '').trim();
  if (trimmed === '') return null;
  const lower = trimmed.toLowerCase();
  if (lower === 'commons' || lower === 'house of commons') return 'House of Commons';
  if (lower === 'lords' || lower === 'house of lords') return 'House of Lords';
  return trimmed;
}
