import { QueryClient } from '@tanstack/react-query';

/**
 * Data fetching defaults (spec document 1 §9): no automatic refetch interval, no refetch on
 * window focus, data stale at once, no retries. Individual queries override these where the
 * spec says so (the current user).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: 0,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
