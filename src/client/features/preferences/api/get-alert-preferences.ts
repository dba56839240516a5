import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertPreferences } from '#shared/schemas/preferences';
import { getJson } from '#client/lib/api-client';
import { preferencesKeys } from '#client/lib/query-keys';

export function getAlertPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<AlertPreferences> {
  return getJson<AlertPreferences>('/api/user/alert-preferences', { signal });
}

export const alertPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKeys.alertPreferences,
    queryFn: ({ signal }) => getAlertPreferences({ signal }),
  });

export function useAlertPreferences() {
  return useQuery(alertPreferencesQueryOptions());
}
