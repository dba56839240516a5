import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowedLegalChanges } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';
import { PAGE_SIZE, toQuery } from './list-query';

export function getFollowed(page: number, signal?: AbortSignal): Promise<FollowedLegalChanges> {
  return getJson<FollowedLegalChanges>(`/api/legal-changes/followed?${toQuery({ page, limit: PAGE_SIZE })}`, {
    signal,
  });
}

export const followedQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.followed(page),
    queryFn: ({ signal }) => getFollowed(page, signal),
    placeholderData: keepPreviousData,
  });

export function useFollowed(page: number, enabled = true) {
  return useQuery({ ...followedQueryOptions(page), enabled });
}
