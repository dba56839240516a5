import type { Notification } from '#shared/schemas/notifications';

export interface NotificationGroup {
  /** yyyy-mm-dd in the member's (or the browser's) time zone */
  key: string;
  date: Date;
  items: Notification[];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a moment in a time zone (the browser's when none is given), as yyyy-mm-dd. */
function dayKey(d: Date, timeZone?: string): string {
  if (!timeZone)
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Groups notifications by the day they arrived in the time zone, newest day first; order inside a day is kept. */
export function groupByDay(notifications: readonly Notification[], timeZone?: string): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of notifications) {
    const date = new Date(n.createdAt || n.timestamp);
    const key = Number.isNaN(date.getTime()) ? 'unknown' : dayKey(date, timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { key, date, items: [] };
      groups.set(key, group);
    }
    group.items.push(n);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

/** 'today' | 'yesterday' | null (an older day, shown as a date). */
export function relativeDay(key: string, now = new Date(), timeZone?: string): 'today' | 'yesterday' | null {
  const today = dayKey(now, timeZone);
  if (key === today) return 'today';
  // the day before today's date, counted on the calendar (not 24 hours back, which DST can skew)
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(y, m - 1, d - 1));
  if (key === before.toISOString().slice(0, 10)) return 'yesterday';
  return null;
}

export function formatBadgeCount(count: number, cap: string, number: (n: number) => string = String): string {
  return count > 99 ? cap : number(count);
}

export const GROUP_PAGE_SIZE = 5;
export const SWIPE_DISMISS_PX = 50;
export const TAP_MOVE_PX = 10;
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_VIBRATE_MS = 50;
