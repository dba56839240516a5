import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsResult } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';
import { MINUTE_MS } from '#shared/time';

export function getNews(
  id: number,
  { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<NewsResult> {
  return getJson<NewsResult>(legalChangeUrl(id, refresh ? '/news?refresh=true' : '/news'), { signal });
}

/** The item's news: fresh for 5 minutes, kept 10, never retried or refetched on focus. */
export const newsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.news(id),
    queryFn: ({ signal }) => getNews(id, { signal }),
    staleTime: 5 * MINUTE_MS,
    gcTime: 10 * MINUTE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useNews(id: number, enabled = true) {
  return useQuery({ ...newsQueryOptions(id), enabled });
}

/** Refresh: asks for a fresh search and shows its answer. */
export function useRefreshNews(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getNews(id, { refresh: true }),
    onSuccess: (result) => {
      queryClient.setQueryData(newsQueryOptions(id).queryKey, result);
    },
  });
}
