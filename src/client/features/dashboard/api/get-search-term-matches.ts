import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchTermMatches } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';
import { PAGE_SIZE, type ListParams, toQuery } from './list-query';

type Params = Omit<ListParams, 'startDate' | 'endDate'>;

export function getSearchTermMatches(params: Params, signal?: AbortSignal): Promise<SearchTermMatches> {
  const query = toQuery({
    page: params.page,
    limit: PAGE_SIZE,
    jurisdictionId: params.jurisdictionId,
    legislationType: params.legislationType,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  });
  return getJson<SearchTermMatches>(`/api/legal-changes/search-terms?${query}`, { signal });
}

export const searchTermMatchesQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: dashboardKeys.searchTerms(params),
    queryFn: ({ signal }) => getSearchTermMatches(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchTermMatches(params: Params, enabled: boolean) {
  return useQuery({ ...searchTermMatchesQueryOptions(params), enabled });
}
