import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

export function getTimeline(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<TimelineEvent[]> {
  return getJson<TimelineEvent[]>(legalChangeUrl(id, '/timeline'), { signal });
}

/** The item's timeline, newest first: always stale. */
export const timelineQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.timeline(id),
    queryFn: ({ signal }) => getTimeline(id, { signal }),
    staleTime: 0,
  });

export function useTimeline(id: number) {
  return useQuery(timelineQueryOptions(id));
}
