import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InAppNotifications } from '#shared/schemas/notifications';
import { apiRequest } from '#client/lib/api-client';
import { markEveryNotificationRead } from '../lib/cache';
import { inAppNotificationsQueryOptions, NOTIFICATION_MUTATION_KEY } from './get-in-app-notifications';

export function markAllRead(): Promise<{ updated: number; unreadCount: 0 }> {
  return apiRequest('POST', '/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = inAppNotificationsQueryOptions();
  return useMutation({
    mutationKey: [NOTIFICATION_MUTATION_KEY, 'read-all'],
    mutationFn: markAllRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<InAppNotifications>(queryKey, markEveryNotificationRead);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
