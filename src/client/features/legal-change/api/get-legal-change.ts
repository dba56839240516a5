import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';
import { MINUTE_MS } from '#shared/time';

export function getLegalChange(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<LegalChange> {
  return getJson<LegalChange>(legalChangeUrl(id), { signal });
}

/** The item itself: fresh for 5 minutes. */
export const legalChangeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.detail(id),
    queryFn: ({ signal }) => getLegalChange(id, { signal }),
    staleTime: 5 * MINUTE_MS,
  });

export function useLegalChange(id: number) {
  return useQuery(legalChangeQueryOptions(id));
}
