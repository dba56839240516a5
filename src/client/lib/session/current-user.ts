import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth';
import { getJson } from '#client/lib/api-client';
import { sessionKeys } from '#client/lib/query-keys';
import { STORAGE_KEYS, removeStorage } from '#client/lib/storage';
import { MINUTE_MS } from '#shared/time';

export const CURRENT_USER_URL = '/api/auth/user';

/**
 * The signed-in member, or null when signed out. A 401 also forgets any stored bearer token.
 * Other failures are logged as a warning and rethrown, so that the query retries once.
 */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const user = await getJson<CurrentUser>(CURRENT_USER_URL, { on401: 'returnNull', signal });
    if (!user) {
      removeStorage(STORAGE_KEYS.authToken);
      return null;
    }
    return user;
  } catch (error) {
    if (!signal?.aborted) console.warn('Could not check the session; continuing signed out.', error);
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    staleTime: 5 * MINUTE_MS,
    gcTime: 10 * MINUTE_MS,
    retry: 1,
    retryDelay: 1000,
    refetchOnWindowFocus: true,
    // a failed check means "signed out"; screens mounting later must not start it again
    retryOnMount: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
