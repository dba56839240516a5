import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSearchTerm, SearchTerm } from '#shared/schemas/preferences';
import { apiRequest } from '#client/lib/api-client';
import { searchTermsQueryOptions } from './get-search-terms';

export function addSearchTerm(body: CreateSearchTerm): Promise<SearchTerm> {
  return apiRequest<SearchTerm>('POST', '/api/user/search-terms', body);
}

export function useAddSearchTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSearchTerm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchTermsQueryOptions().queryKey }),
  });
}
