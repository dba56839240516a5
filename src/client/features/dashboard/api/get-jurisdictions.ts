import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Jurisdiction } from '#shared/schemas/reference';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

export function getJurisdictions(signal?: AbortSignal): Promise<Jurisdiction[]> {
  return getJson<Jurisdiction[]>('/api/jurisdictions', { signal });
}

export const jurisdictionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.jurisdictions(),
    queryFn: ({ signal }) => getJurisdictions(signal),
  });

export function useJurisdictions() {
  return useQuery(jurisdictionsQueryOptions());
}
