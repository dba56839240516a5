import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { InAppNotifications } from '#shared/schemas/notifications';
import { inAppNotificationsQueryOptions, NOTIFICATION_MUTATION_KEY } from '../api/get-in-app-notifications';
import { addNotification } from '../lib/cache';
import { LiveNotifications } from '../lib/live-notifications';

export { NOTIFICATION_STREAM_URL } from '../lib/live-notifications';

/**
 * One live connection per page, shared by every bell on screen, and one per browser across
 * tabs (see lib/live-notifications.ts). Each new notification goes straight into the panel's
 * cache; the list is re-read whenever the stream opens.
 */
let live: LiveNotifications | null = null;
let stopWatchingMutations: (() => void) | null = null;
let users = 0;
let isLive = false;
const listeners = new Set<() => void>();

function start(queryClient: QueryClient) {
  const { queryKey } = inAppNotificationsQueryOptions();
  live = new LiveNotifications({
    onNotification(notification) {
      queryClient.setQueryData<InAppNotifications>(queryKey, (data) => addNotification(data, notification));
      if (!queryClient.getQueryData(queryKey)) void queryClient.invalidateQueries({ queryKey });
    },
    onStale() {
      void queryClient.invalidateQueries({ queryKey });
    },
    async poll() {
      await queryClient.fetchQuery({ ...inAppNotificationsQueryOptions(), staleTime: 0 });
    },
    onLiveChange(next) {
      isLive = next;
      for (const l of listeners) l();
    },
  });
  const current = live;
  stopWatchingMutations = queryClient.getMutationCache().subscribe((event) => {
    const key = event.mutation?.options.mutationKey;
    if (event.type === 'updated' && event.action.type === 'success' && key?.[0] === NOTIFICATION_MUTATION_KEY)
      current.changed();
  });
  live.start();
}

function stop() {
  stopWatchingMutations?.();
  stopWatchingMutations = null;
  live?.stop();
  live = null;
  isLive = false;
  for (const l of listeners) l();
}

/** Joins the live updates while mounted; answers whether a stream (this tab's or another's) is open. */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    if (!live) start(queryClient);
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
    () => isLive,
    () => false,
  );
}
