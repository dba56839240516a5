/** The member's legislation type switches, the global availability and follows per type. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { dashboardKeys, settingsKeys } from '#client/lib/query-keys';
import { byPreferenceCodes, byPreferenceKeys } from '#shared/legislation-preferences';
import { MINUTE_MS } from '#shared/time';

export type TypeSwitches = Record<string, boolean>;

export const legislationPreferencesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.preferences,
    // the answer is keyed by the spec's names; the screen keys the switches by short code
    queryFn: async ({ signal }) =>
      byPreferenceCodes(await getJson<TypeSwitches>('/api/user/legislation-preferences', { signal })),
  });

export const globalAvailabilityQuery = () =>
  queryOptions({
    queryKey: settingsKeys.availability,
    queryFn: ({ signal }) => getJson<TypeSwitches>('/api/global/legislation-availability', { signal }),
    staleTime: MINUTE_MS,
  });

export const followedCountsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.followedCounts,
    queryFn: ({ signal }) =>
      getJson<Record<string, number>>('/api/user/followed-legislation-counts', { signal }),
  });

export const useLegislationPreferences = () => useQuery(legislationPreferencesQuery());
export const useGlobalAvailability = () => useQuery(globalAvailabilityQuery());

/** Saves switches optimistically; on failure the switches go back to what they were. */
export function useSaveLegislationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: TypeSwitches) =>
      byPreferenceCodes(
        await apiRequest<TypeSwitches>('PUT', '/api/user/legislation-preferences', byPreferenceKeys(changes)),
      ),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.preferences });
      const before = queryClient.getQueryData<TypeSwitches>(settingsKeys.preferences);
      if (before) queryClient.setQueryData(settingsKeys.preferences, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(settingsKeys.preferences, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.preferences, saved);
      // the member's list, counts and search answers change with their types
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useDismissFollowedByTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (legislationTypes: string[]) =>
      apiRequest<{ dismissed: number }>('POST', '/api/user/dismiss-followed-by-types', { legislationTypes }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.followedCounts });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
