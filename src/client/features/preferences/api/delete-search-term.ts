import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client';
import { searchTermsQueryOptions } from './get-search-terms';

export function deleteSearchTerm(id: number): Promise<{ id: number; deleted: true }> {
  return apiRequest('DELETE', `/api/user/search-terms/${id}`);
}

export function useDeleteSearchTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchTerm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchTermsQueryOptions().queryKey }),
  });
}
