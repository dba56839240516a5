import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalChangeSearchResult } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';
import { PAGE_SIZE, type ListParams, toQuery } from './list-query';

type SearchParams = Pick<ListParams, 'page' | 'jurisdictionId' | 'legislationType'>;

export function searchLegalChanges(
  q: string,
  params: SearchParams,
  signal?: AbortSignal,
): Promise<LegalChangeSearchResult> {
  const query = toQuery({
    q,
    page: params.page,
    limit: PAGE_SIZE,
    jurisdictionId: params.jurisdictionId,
    legislationType: params.legislationType,
  });
  return getJson<LegalChangeSearchResult>(`/api/legal-changes/search?${query}`, { signal });
}

export const searchLegalChangesQueryOptions = (q: string, params: SearchParams) =>
  queryOptions({
    queryKey: dashboardKeys.search(q, params),
    queryFn: ({ signal }) => searchLegalChanges(q, params, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchLegalChanges(q: string, params: SearchParams, enabled: boolean) {
  return useQuery({ ...searchLegalChangesQueryOptions(q, params), enabled });
}
