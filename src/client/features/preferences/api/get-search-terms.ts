import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchTerm } from '#shared/schemas/preferences';
import { getJson } from '#client/lib/api-client';

export function getSearchTerms({ signal }: { signal?: AbortSignal } = {}): Promise<SearchTerm[]> {
  return getJson<SearchTerm[]>('/api/user/search-terms', { signal });
}

export const searchTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'search-terms'] as const,
    queryFn: ({ signal }) => getSearchTerms({ signal }),
  });

export function useSearchTerms() {
  return useQuery(searchTermsQueryOptions());
}
