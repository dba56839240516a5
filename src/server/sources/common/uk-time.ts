/**
 * UK Parliament timestamps carry no zone ('2021-05-04T10:42:08.0579851') and 0, 6 or 7
 * fractional digits. They are read as Europe/London wall-clock time and written back as
 * ISO strings with the offset in force at that moment ('2021-05-04T10:42:08.057+01:00').
 */

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function londonWallClock(epochMs: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of londonParts.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of Europe/London from UTC at an instant, in minutes (0 or 60) */
export function londonOffsetMinutes(epochMs: number): number {
  const wall = londonWallClock(epochMs);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallAsUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** ISO date-time in London wall-clock time with its offset */
export function toLondonIso(date: Date): string {
  const epochMs = date.getTime();
  const wall = londonWallClock(epochMs);
  const offset = londonOffsetMinutes(epochMs);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const ms = ((epochMs % 1000) + 1000) % 1000;
  return (
    `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `.${pad(ms, 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads a timestamp with or without zone. Without a zone it is London local time.
 * Returns null for anything that is not a real calendar date-time.
 */
export function parseUkTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const wallAsUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(wallAsUtc);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23)
    return null;
  if (zone) {
    if (zone.toUpperCase() === 'Z') return new Date(wallAsUtc);
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    return new Date(wallAsUtc - offsetMinutes * 60_000);
  }
  // first guess with the offset at the wall time read as UTC, then correct once near a change
  const firstGuess = wallAsUtc - londonOffsetMinutes(wallAsUtc) * 60_000;
  return new Date(wallAsUtc - londonOffsetMinutes(firstGuess) * 60_000);
}

/** '2021-05-04T10:42:08.0579851' → '2021-05-04T10:42:08.057+01:00'; null when unreadable */
export function ukTimestampToIso(value: string | null | undefined): string | null {
  const date = parseUkTimestamp(value);
  return date ? toLondonIso(date) : null;
}

export interface LondonDay {
  /** YYYY-MM-DD */
  date: string;
  start: Date;
  end: Date;
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function londonMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const guess = utcMidnight - londonOffsetMinutes(utcMidnight) * 60_000;
  return new Date(utcMidnight - londonOffsetMinutes(guess) * 60_000);
}

/** The London calendar day holding `now`, as an instant range [start, end). */
export function londonDay(now: Date): LondonDay {
  const date = londonDate.format(now);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    date,
    start: londonMidnight(year, month, day),
    end: londonMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}
