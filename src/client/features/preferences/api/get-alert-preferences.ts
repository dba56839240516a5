import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertPreferences } from '#shared/schemas/preferences';
import { getJson } from '#client/lib/api-client';

export function getAlertPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<AlertPreferences> {
  return getJson<AlertPreferences>('/api/user/alert-preferences', { signal });
}

export const alertPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'alert-preferences'] as const,
    queryFn: ({ signal }) => getAlertPreferences({ signal }),
  });

export function useAlertPreferences() {
  return useQuery(alertPreferencesQueryOptions());
}
