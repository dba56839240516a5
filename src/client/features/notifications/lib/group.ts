import type { Notification } from '#shared/schemas/notifications';

export interface NotificationGroup {
  /** yyyy-mm-dd in local time */
  key: string;
  date: Date;
  items: Notification[];
}

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Groups notifications by the local day they arrived, newest day first; order inside a day is kept. */
export function groupByDay(notifications: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of notifications) {
    const date = new Date(n.createdAt || n.timestamp);
    const key = Number.isNaN(date.getTime()) ? 'unknown' : dayKey(date);
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
export function relativeDay(key: string, now = new Date()): 'today' | 'yesterday' | null {
  if (key === dayKey(now)) return 'today';
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (key === dayKey(y)) return 'yesterday';
  return null;
}

export function formatBadgeCount(count: number, cap: string): string {
  return count > 99 ? cap : String(count);
}

export const GROUP_PAGE_SIZE = 5;
export const SWIPE_DISMISS_PX = 50;
export const TAP_MOVE_PX = 10;
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_VIBRATE_MS = 50;
