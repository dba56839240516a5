import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchTerm } from '#shared/schemas/preferences';
import { getJson } from '#client/lib/api-client';
import { preferencesKeys } from '#client/lib/query-keys';

export function getSearchTerms({ signal }: { signal?: AbortSignal } = {}): Promise<SearchTerm[]> {
  return getJson<SearchTerm[]>('/api/user/search-terms', { signal });
}

export const searchTermsQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKeys.searchTerms,
    queryFn: ({ signal }) => getSearchTerms({ signal }),
  });

export function useSearchTerms() {
  return useQuery(searchTermsQueryOptions());
}
