import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataFreshness } from '#shared/schemas/sync';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

export const dataFreshnessQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.freshness(),
    queryFn: ({ signal }) => getJson<DataFreshness>('/api/data-freshness', { signal }),
    // while the banner shows, look again each minute: it goes once a sync succeeds
    refetchInterval: (query) => (query.state.data?.stale ? 60_000 : false),
  });

export function useDataFreshness() {
  return useQuery(dataFreshnessQueryOptions());
}
