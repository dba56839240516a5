import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SearchTerm } from '#shared/schemas/preferences';
import { apiRequest } from '#client/lib/api-client';
import { searchTermsQueryOptions } from './get-search-terms';

export function toggleSearchTerm({ id, isActive }: { id: number; isActive: boolean }): Promise<SearchTerm> {
  return apiRequest<SearchTerm>('PUT', `/api/user/search-terms/${id}/toggle`, { isActive });
}

/** Shows the new state at once; a failure puts the list back as the server has it. */
export function useToggleSearchTerm() {
  const queryClient = useQueryClient();
  const { queryKey } = searchTermsQueryOptions();
  return useMutation({
    mutationFn: toggleSearchTerm,
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<SearchTerm[]>(queryKey, (terms) =>
        terms?.map((term) => (term.id === id ? { ...term, isActive } : term)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
