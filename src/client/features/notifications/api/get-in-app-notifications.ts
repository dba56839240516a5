import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InAppNotifications } from '#shared/schemas/notifications';
import { getJson } from '#client/lib/api-client';
import { notificationKeys } from '#client/lib/query-keys';

/** The first key element of the panel's mutations (read, dismiss, read all): the other tabs re-read after them. */
export const NOTIFICATION_MUTATION_KEY = 'notifications';

/** The side panel's notifications and the bell's count. Unchanged answers come back as 304 and the browser reuses its copy. */
export function getInAppNotifications({
  signal,
}: { signal?: AbortSignal } = {}): Promise<InAppNotifications> {
  return getJson<InAppNotifications>('/api/notifications/in-app', { signal });
}

export const inAppNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.inApp,
    queryFn: ({ signal }) => getInAppNotifications({ signal }),
  });

/**
 * Read on mount; kept fresh by the live stream and, when no stream is open, by polling every
 * 3 s (30 s while the page is hidden): see hooks/use-notification-stream.ts.
 */
export function useInAppNotifications() {
  return useQuery(inAppNotificationsQueryOptions());
}
