/**
 * Display rules of the legal change page (spec document 2, sections 2.2, 4, 5 and 9):
 * stage badge and timeline dot colours, the timeline's House badge and ordering, date
 * formats and house names. Pure functions shared by the server and the client.
 */
import { format, isValid, parseISO } from 'date-fns';

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

/** The calendar day of an event date as 'YYYY-MM-DD', or null when missing or unreadable. */
function eventDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const isoDay = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  if (isoDay) return isValid(parseISO(isoDay[1]!)) ? isoDay[1]! : null;
  const parsed = new Date(value);
  return isValid(parsed) ? format(parsed, 'yyyy-MM-dd') : null;
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
  const iso = parseISO(trimmed);
  return isValid(iso) ? iso : new Date(trimmed);
}

function formatWith(pattern: string, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return NOT_SPECIFIED;
  const date = toDate(value);
  return isValid(date) ? format(date, pattern) : INVALID_DATE;
}

/** 'Oct 1, 2026'; 'Not specified' when missing, 'Invalid date' when unreadable. */
export function formatDisplayDate(value: string | number | Date | null | undefined): string {
  return formatWith('MMM d, yyyy', value);
}

/** 'Oct 1, 2026 14:05' in local time; 'Not specified' when missing, 'Invalid date' when unreadable. */
export function formatDisplayDateTime(value: string | number | Date | null | undefined): string {
  return formatWith('MMM d, yyyy HH:mm', value);
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
