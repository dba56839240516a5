/** The team view: the watchlist's items with their assessments, filtered and paged. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';
import type { TeamItems } from '../lib/types';

export const teamItemsQuery = (orgId: number, params: Record<string, string>) =>
  queryOptions({
    queryKey: teamKeys.items(orgId, params),
    queryFn: ({ signal }) =>
      getJson<TeamItems>(`/api/orgs/${orgId}/items?${new URLSearchParams(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTeamItems = (orgId: number, params: Record<string, string>) =>
  useQuery(teamItemsQuery(orgId, params));
