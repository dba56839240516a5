import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpcomingDeadline } from '#shared/schemas/dashboard';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

export function getUpcomingDeadlines(signal?: AbortSignal): Promise<UpcomingDeadline[]> {
  return getJson<UpcomingDeadline[]>('/api/upcoming-deadlines', { signal });
}

export const upcomingDeadlinesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.deadlines(),
    queryFn: ({ signal }) => getUpcomingDeadlines(signal),
  });

export function useUpcomingDeadlines() {
  return useQuery(upcomingDeadlinesQueryOptions());
}
