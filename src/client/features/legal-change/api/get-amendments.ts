import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Amendment } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

export function getAmendments(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Amendment[]> {
  return getJson<Amendment[]>(legalChangeUrl(id, '/amendments'), { signal });
}

/** The bill's amendments: fresh for 30 seconds. */
export const amendmentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.amendments(id),
    queryFn: ({ signal }) => getAmendments(id, { signal }),
    staleTime: 30_000,
  });

export function useAmendments(id: number) {
  return useQuery(amendmentsQueryOptions(id));
}
