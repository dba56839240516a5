import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSystemStats } from '#shared/schemas/auth';
import { getJson } from '#client/lib/api-client';

/** GET /api/admin/system-stats (spec document 2 §3). */
export type SystemStats = AdminSystemStats;

export function getSystemStats({ signal }: { signal?: AbortSignal } = {}): Promise<SystemStats> {
  return getJson<SystemStats>('/api/admin/system-stats', { signal });
}

export const systemStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system-stats'] as const,
    queryFn: ({ signal }) => getSystemStats({ signal }),
  });

/** Also proves the admin session is still valid; only runs while signed in as administrator. */
export function useSystemStats(enabled: boolean) {
  return useQuery({ ...systemStatsQueryOptions(), enabled });
}
