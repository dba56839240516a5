/** The organisation's activity log, a page at a time (a cursor for the next). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';
import type { ActivityPage } from '../lib/types';

export const activityQuery = (orgId: number) =>
  infiniteQueryOptions({
    queryKey: teamKeys.activity(orgId),
    queryFn: ({ signal, pageParam }) =>
      getJson<ActivityPage>(
        `/api/orgs/${orgId}/activity${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useActivity = (orgId: number) => useInfiniteQuery(activityQuery(orgId));

/** The board pack's address for a period, in either format. */
export function reportUrl(orgId: number, format: 'pdf' | 'csv', from: string, to: string): string {
  return `/api/orgs/${orgId}/report.${format}?${new URLSearchParams({ from, to })}`;
}
