/** The comment thread of an item: read, post (mentions written `@email`), delete. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';
import type { OrgComment } from '../lib/types';

export const commentsQuery = (orgId: number, legalChangeId: number) =>
  queryOptions({
    queryKey: teamKeys.comments(orgId, legalChangeId),
    queryFn: async ({ signal }) =>
      (
        await getJson<{ comments: OrgComment[] }>(`/api/orgs/${orgId}/items/${legalChangeId}/comments`, {
          signal,
        })
      ).comments,
  });

export const useComments = (orgId: number, legalChangeId: number) =>
  useQuery(commentsQuery(orgId, legalChangeId));

export function usePostComment(orgId: number, legalChangeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<OrgComment>('POST', `/api/orgs/${orgId}/items/${legalChangeId}/comments`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.comments(orgId, legalChangeId) }),
  });
}

export function useDeleteComment(orgId: number, legalChangeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => apiRequest('DELETE', `/api/orgs/${orgId}/comments/${commentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.comments(orgId, legalChangeId) }),
  });
}
