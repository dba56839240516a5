import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedLegalChanges } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';
import { PAGE_SIZE, type ListParams, toQuery } from './list-query';

export function getLegalChanges(params: ListParams, signal?: AbortSignal): Promise<PagedLegalChanges> {
  const query = toQuery({
    page: params.page,
    limit: PAGE_SIZE,
    jurisdictionId: params.jurisdictionId,
    legislationType: params.legislationType,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    startDate: params.startDate,
    endDate: params.endDate,
  });
  return getJson<PagedLegalChanges>(`/api/legal-changes?${query}`, { signal });
}

export const legalChangesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: dashboardKeys.list(params),
    queryFn: ({ signal }) => getLegalChanges(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLegalChanges(params: ListParams, enabled: boolean) {
  return useQuery({ ...legalChangesQueryOptions(params), enabled });
}

/** How many secondary items there are in all (the "Show All" count). */
export const secondaryTotalQueryOptions = (jurisdictionId: number | null) =>
  queryOptions({
    queryKey: dashboardKeys.secondaryTotal(jurisdictionId),
    queryFn: async ({ signal }) => {
      const query = toQuery({ page: 1, limit: 1, jurisdictionId, legislationType: 'secondary' });
      const answer = await getJson<PagedLegalChanges>(`/api/legal-changes?${query}`, { signal });
      return answer.total;
    },
  });

export function useSecondaryTotal(jurisdictionId: number | null, enabled: boolean) {
  return useQuery({ ...secondaryTotalQueryOptions(jurisdictionId), enabled });
}
