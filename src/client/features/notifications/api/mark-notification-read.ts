import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InAppNotifications, Notification } from '#shared/schemas/notifications';
import { apiRequest } from '#client/lib/api-client';
import { markNotificationRead } from '../lib/cache';
import { inAppNotificationsQueryOptions, NOTIFICATION_MUTATION_KEY } from './get-in-app-notifications';

export function markRead(id: number): Promise<Notification> {
  return apiRequest<Notification>('PATCH', `/api/notifications/${id}/read`);
}

/** Marks one notification read at once in the cache; a failure restores the list from the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = inAppNotificationsQueryOptions();
  return useMutation({
    mutationKey: [NOTIFICATION_MUTATION_KEY, 'read'],
    mutationFn: markRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<InAppNotifications>(queryKey, (data) => markNotificationRead(data, id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
