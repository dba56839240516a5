/** The organisation's shared watchlist (each item's title by its id): read, add an item, remove one. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';

type WatchlistAnswer = { items: { legalChangeId: number; title: string }[] };

export const watchlistQuery = (orgId: number) =>
  queryOptions({
    queryKey: teamKeys.watchlist(orgId),
    queryFn: async ({ signal }) =>
      new Map(
        (await getJson<WatchlistAnswer>(`/api/orgs/${orgId}/watchlist`, { signal })).items.map(
          (row) => [row.legalChangeId, row.title] as const,
        ),
      ),
  });

export const useWatchlist = (orgId: number | undefined) =>
  useQuery({ ...watchlistQuery(orgId ?? 0), enabled: orgId !== undefined });

export function useWatch(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ legalChangeId, watch }: { legalChangeId: number; watch: boolean }) =>
      watch
        ? apiRequest('POST', `/api/orgs/${orgId}/watchlist`, { legalChangeId })
        : apiRequest('DELETE', `/api/orgs/${orgId}/watchlist/${legalChangeId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team', orgId] }),
  });
}
