import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type InAppNotifications, notificationSchema } from '#shared/schemas/notifications';
import { inAppNotificationsQueryOptions } from '../api/get-in-app-notifications';
import { addNotification } from '../lib/cache';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * One live stream per page, shared by every bell on screen. Each `event: notification` goes
 * straight into the panel's cache. EventSource reconnects by itself (sending Last-Event-ID).
 */
let source: EventSource | null = null;
let users = 0;
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

function start(queryClient: QueryClient) {
  if (typeof EventSource === 'undefined') return;
  const { queryKey } = inAppNotificationsQueryOptions();
  source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true });
  source.addEventListener('open', () => {
    setOpen(true);
    // anything written between the last poll and the stream opening
    void queryClient.invalidateQueries({ queryKey });
  });
  source.addEventListener('error', () => setOpen(false));
  source.addEventListener('notification', (event) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    const result = notificationSchema.safeParse(parsed);
    if (!result.success) return;
    queryClient.setQueryData<InAppNotifications>(queryKey, (data) => addNotification(data, result.data));
    if (!queryClient.getQueryData(queryKey)) void queryClient.invalidateQueries({ queryKey });
  });
}

function stop() {
  source?.close();
  source = null;
  setOpen(false);
}

/** Opens (or joins) the live stream while mounted; answers whether it is currently open. */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    if (!source) start(queryClient);
    return () => {
      users -= 1;
      if (users === 0) stop();
    };
  }, [queryClient]);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
