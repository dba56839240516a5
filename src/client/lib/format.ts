/**
 * Dates, times and numbers for the interface, always through `Intl`: in the interface language
 * and, for moments in time, in the member's time zone (`timezone` of GET /api/auth/user; a
 * visitor gets the browser's). Spec document 2 §9 gives 'MMM d, yyyy' and 'MMM d, yyyy HH:mm':
 * that is what the English medium date and 24-hour date-time look like here; other languages get
 * their own medium date ('1 oct 2026', '2026/10/01', '١ أكتوبر ٢٠٢٦').
 *
 * Calendar dates ('2026-10-01', the dates of legislation) are shown as the same day everywhere;
 * instants (ISO timestamps) are shown in the time zone.
 *
 * Screens read `useFormat()`; `createFormatter(language, timeZone)` is the same without React.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { CurrentUser } from '#shared/schemas/auth';
import { useTranslation } from '#client/i18n';
import { formatPounds, intlLocale, numberFormat } from './format-number';
import { sessionKeys } from './query-keys';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '#shared/time';

export type DateInput = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

let browserZone: string | undefined;

/** The browser's (or the process's) time zone (asked once: making an `Intl` format is not cheap). */
export function browserTimeZone(): string {
  if (browserZone === undefined) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      browserZone = 'UTC';
    }
  }
  return browserZone;
}

/** Zones already checked: every list entry formats its dates, and each check makes an `Intl` format. */
const checkedZones = new Map<string, string | null>();

/** The zone when `Intl` knows it, else null. */
function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  let valid = checkedZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = zone;
    } catch {
      valid = null;
    }
    checkedZones.set(zone, valid);
  }
  return valid;
}

/** A Date and whether it is a calendar date (no time of day, shown as the same day in every zone). */
function parse(value: DateInput): { date: Date; calendar: boolean } | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, calendar: false };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { date: new Date(value), calendar: false } : null;
  const text = value.trim();
  if (text === '') return null;
  if (CALENDAR_DATE.test(text)) {
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : { date, calendar: true };
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', HOUR_MS],
  ['minute', MINUTE_MS],
  ['second', SECOND_MS],
];

export interface Formatter {
  readonly language: string;
  /** The `Intl` locale used. */
  readonly locale: string;
  /** The time zone instants are shown in. */
  readonly timeZone: string;
  /** Medium date: 'Oct 1, 2026' (en), '1 oct 2026' (es), '2026/10/01' (ja); '' when missing or unreadable. */
  date(value: DateInput, style?: 'medium' | 'long'): string;
  /** Medium date and 24-hour time in English ('Oct 1, 2026 14:05'), the language's own form elsewhere. */
  dateTime(value: DateInput): string;
  /** The time of day: '14:05' (en), '2:05 p. m.' where the language uses a 12-hour clock. */
  time(value: DateInput): string;
  /** Weekday with a long date, for day headings: 'Thursday, October 1, 2026'. */
  day(value: DateInput): string;
  /** Month and year: 'October 2026'. */
  month(value: DateInput): string;
  /** The year alone, for a date the source gives only as a year: '2026'. */
  year(value: DateInput): string;
  /** '3 days ago', 'in 2 hours', 'yesterday', in the largest unit that fits. */
  relative(value: DateInput, now?: Date | number): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A whole percent with its sign when asked: '+12%', '-4%'. */
  percent(value: number, options?: { signed?: boolean }): string;
  /** Pounds in the language's currency form: '£15', '15 £', '١٥ £'. */
  pounds(amount: number, options?: { pence?: boolean }): string;
  /** A size in bytes: '340 kB', '1.2 MB'. */
  fileSize(bytes: number, base?: 1000 | 1024): string;
}

const formatters = new Map<string, Formatter>();

/** The formatter of a language and time zone (an unknown zone falls back to the browser's). */
export function createFormatter(language: string, timeZone?: string | null): Formatter {
  const zone = validTimeZone(timeZone) ?? browserTimeZone();
  const key = `${language}|${zone}`;
  const cached = formatters.get(key);
  if (cached) return cached;

  const locale = intlLocale(language);
  const english = locale === 'en-US';
  const cache = new Map<string, Intl.DateTimeFormat>();
  const dtf = (name: string, options: Intl.DateTimeFormatOptions, calendar: boolean) => {
    const cacheKey = `${name}|${calendar}`;
    let f = cache.get(cacheKey);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: calendar ? 'UTC' : zone });
      cache.set(cacheKey, f);
    }
    return f;
  };
  const hour = english ? { hourCycle: 'h23' as const } : {};
  const withDate =
    (name: string, options: Intl.DateTimeFormatOptions, instantOnly = false) =>
    (value: DateInput) => {
      const parsed = parse(value);
      if (!parsed) return '';
      return dtf(name, options, parsed.calendar && !instantOnly).format(parsed.date);
    };
  const nf = (options?: Intl.NumberFormatOptions) => numberFormat(locale, options);
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });

  const time = withDate('time', { hour: '2-digit', minute: '2-digit', ...hour }, true);
  const mediumDate = withDate('medium', { dateStyle: 'medium' });
  const formatter: Formatter = {
    language,
    locale,
    timeZone: zone,
    date: (value, style = 'medium') =>
      style === 'medium' ? mediumDate(value) : withDate('long', { dateStyle: 'long' })(value),
    dateTime: (value) => {
      const parsed = parse(value);
      if (!parsed) return '';
      if (english) return `${mediumDate(value)} ${time(value)}`;
      return dtf('dateTime', { dateStyle: 'medium', timeStyle: 'short' }, false).format(parsed.date);
    },
    time,
    day: withDate('day', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    month: withDate('month', { month: 'long', year: 'numeric' }),
    year: withDate('year', { year: 'numeric' }),
    relative: (value, now = Date.now()) => {
      const parsed = parse(value);
      if (!parsed) return '';
      const diff = parsed.date.getTime() - (typeof now === 'number' ? now : now.getTime());
      for (const [unit, size] of RELATIVE_UNITS) {
        if (Math.abs(diff) >= size || unit === 'second') {
          return relativeFormat.format(Math.trunc(diff / size), unit);
        }
      }
      return '';
    },
    number: (value, options) => nf(options).format(value),
    percent: (value, options) =>
      nf({
        style: 'percent',
        maximumFractionDigits: 0,
        signDisplay: options?.signed ? 'exceptZero' : 'auto',
      }).format(value / 100),
    pounds: (amount, options) => formatPounds(amount, language, options),
    fileSize: (bytes, base = 1000) => {
      const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
      let value = Math.max(0, bytes);
      let unit = 0;
      while (value >= base && unit < units.length - 1) {
        value /= base;
        unit += 1;
      }
      return nf({
        style: 'unit',
        unit: units[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }).format(value);
    },
  };
  formatters.set(key, formatter);
  return formatter;
}

export { formatNumber, formatPounds, intlLocale } from './format-number';

/**
 * The signed-in member's time zone from the session already loaded (this never asks the server
 * itself); undefined for visitors and until the session is known.
 */
function useMemberTimeZone(): string | undefined {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  const zone = () => client.getQueryData<CurrentUser | null>(sessionKeys.user)?.timezone;
  return useSyncExternalStore(subscribe, zone, () => undefined);
}

/** The formatter of the interface language and the member's (or the browser's) time zone. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const timeZone = useMemberTimeZone();
  return useMemo(() => createFormatter(i18n.language, timeZone), [i18n.language, timeZone]);
}
