/** The member's private calendar and Atom feed URLs, and revoking them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import type { MemberFeeds } from '#shared/schemas/feeds';
import { preferencesKeys } from '#client/lib/query-keys';

const key = preferencesKeys.feeds;

export const useFeeds = () =>
  useQuery({ queryKey: key, queryFn: ({ signal }) => getJson<MemberFeeds>('/api/user/feeds', { signal }) });

export function useRegenerateFeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MemberFeeds>('POST', '/api/user/feeds/regenerate'),
    onSuccess: (feeds) => queryClient.setQueryData(key, feeds),
  });
}
