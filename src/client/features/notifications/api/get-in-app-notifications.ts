import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InAppNotifications } from '#shared/schemas/notifications';
import { getJson } from '#client/lib/api-client';

/** How often the panel is polled (spec: 3 s); slower while the live stream is open. */
export const NOTIFICATION_POLL_MS = 3000;
export const NOTIFICATION_POLL_WITH_STREAM_MS = 30_000;

/** The side panel's notifications and the bell's count. Unchanged answers come back as 304 and the browser reuses its copy. */
export function getInAppNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<InAppNotifications> {
  return getJson<InAppNotifications>('/api/notifications/in-app', { signal });
}

export const inAppNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'in-app'] as const,
    queryFn: ({ signal }) => getInAppNotifications({ signal }),
  });

export function useInAppNotifications({ streamOpen }: { streamOpen: boolean }) {
  return useQuery({
    ...inAppNotificationsQueryOptions(),
    refetchInterval: streamOpen ? NOTIFICATION_POLL_WITH_STREAM_MS : NOTIFICATION_POLL_MS,
  });
}
