import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InAppNotifications } from '#shared/schemas/notifications';
import { apiRequest } from '#client/lib/api-client';
import { removeNotification } from '../lib/cache';
import { inAppNotificationsQueryOptions, NOTIFICATION_MUTATION_KEY } from './get-in-app-notifications';

export function dismissNotification(id: number): Promise<{ id: number; dismissed: true }> {
  return apiRequest('POST', `/api/notifications/${id}/dismiss`);
}

/** Removes the notification from the list at once, then refetches the list. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  const { queryKey } = inAppNotificationsQueryOptions();
  return useMutation({
    mutationKey: [NOTIFICATION_MUTATION_KEY, 'dismiss'],
    mutationFn: dismissNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<InAppNotifications>(queryKey, (data) => removeNotification(data, id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
