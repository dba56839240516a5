import { describe, expect, it } from 'vitest';
import type { InAppNotifications, Notification } from '#shared/schemas/notifications';
import {
  addNotification,
  markEveryNotificationRead,
  markNotificationRead,
  removeNotification,
} from './cache';
import { formatBadgeCount, groupByDay, relativeDay } from './group';

function n(id: number, createdAt: string, read = false): Notification {
  return {
    id,
    type: 'update',
    title: `T${id}`,
    message: 'm',
    tab: 'timeline',
    read,
    isRead: read,
    timestamp: createdAt,
    createdAt,
    legislationId: 1,
  };
}

describe('notification grouping', () => {
  it('groups by local day, newest day first, keeping order inside a day', () => {
    const groups = groupByDay([
      n(3, '2026-11-23T10:00:00'),
      n(2, '2026-11-23T09:00:00'),
      n(1, '2026-11-20T09:00:00'),
    ]);
    expect(groups.map((g) => [g.key, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-23', [3, 2]],
      ['2026-11-20', [1]],
    ]);
  });

  it('names today and yesterday', () => {
    const now = new Date('2026-11-23T12:00:00');
    expect(relativeDay('2026-11-23', now)).toBe('today');
    expect(relativeDay('2026-11-22', now)).toBe('yesterday');
    expect(relativeDay('2026-11-21', now)).toBeNull();
  });

  it("counts days in the member's time zone", () => {
    // 23:30 in London on the 22nd is already the 23rd in Tokyo
    const late = [n(1, '2026-11-22T23:30:00Z')];
    expect(groupByDay(late, 'Europe/London')[0]!.key).toBe('2026-11-22');
    expect(groupByDay(late, 'Asia/Tokyo')[0]!.key).toBe('2026-11-23');
    const now = new Date('2026-11-23T20:00:00Z'); // the 24th in Tokyo
    expect(relativeDay('2026-11-23', now, 'Europe/London')).toBe('today');
    expect(relativeDay('2026-11-23', now, 'Asia/Tokyo')).toBe('yesterday');
    expect(relativeDay('2026-03-01', new Date('2026-03-02T12:00:00Z'), 'UTC')).toBe('yesterday');
  });

  it('caps the badge at 99+', () => {
    expect(formatBadgeCount(99, '99+')).toBe('99');
    expect(formatBadgeCount(100, '99+')).toBe('99+');
  });
});

describe('notification cache updates', () => {
  const data: InAppNotifications = {
    notifications: [n(2, '2026-11-23T10:00:00'), n(1, '2026-11-23T09:00:00', true)],
    unreadCount: 1,
  };

  it('adds a streamed notification once', () => {
    const added = addNotification(data, n(3, '2026-11-23T11:00:00'));
    expect(added?.notifications.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(added?.unreadCount).toBe(2);
    expect(addNotification(added, n(3, '2026-11-23T11:00:00'))?.unreadCount).toBe(2);
  });

  it('removes, marks read and marks all read, keeping the count right', () => {
    expect(removeNotification(data, 2)).toEqual({ notifications: [data.notifications[1]], unreadCount: 0 });
    expect(removeNotification(data, 1)?.unreadCount).toBe(1);
    expect(markNotificationRead(data, 2)?.unreadCount).toBe(0);
    expect(markNotificationRead(data, 1)?.unreadCount).toBe(1);
    expect(markEveryNotificationRead(data)?.notifications.every((x) => x.read && x.isRead)).toBe(true);
  });
});
