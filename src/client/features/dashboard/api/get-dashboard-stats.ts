import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/schemas/dashboard';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return getJson<DashboardStats>('/api/dashboard/stats', { signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.stats(), queryFn: ({ signal }) => getDashboardStats(signal) });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
