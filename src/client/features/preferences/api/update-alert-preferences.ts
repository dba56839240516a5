import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences, UpdateAlertPreferences } from '#shared/schemas/preferences';
import { apiRequest } from '#client/lib/api-client';
import { alertPreferencesQueryOptions } from './get-alert-preferences';

export function updateAlertPreferences(body: UpdateAlertPreferences): Promise<AlertPreferences> {
  return apiRequest<AlertPreferences>('PUT', '/api/user/alert-preferences', body);
}

export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = alertPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateAlertPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
