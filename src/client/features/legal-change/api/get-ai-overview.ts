import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AIOverview } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys, legalChangeUrl } from './keys';

export function getAiOverview(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<AIOverview> {
  return getJson<AIOverview>(legalChangeUrl(id, '/ai-overview'), { signal });
}

/** The item's analysis: fresh for 30 minutes, never retried. */
export const aiOverviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.aiOverview(id),
    queryFn: ({ signal }) => getAiOverview(id, { signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });

export function useAiOverview(id: number, enabled = true) {
  return useQuery({ ...aiOverviewQueryOptions(id), enabled });
}
