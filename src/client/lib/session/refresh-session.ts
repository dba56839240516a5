import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '#client/lib/query-keys';

/**
 * After the server has set the session cookie: fetch the member again. Resolves true when the
 * session is now active (the router then leaves the sign-in screen on its own).
 */
export async function refreshSession(queryClient: QueryClient): Promise<boolean> {
  await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
  return Boolean(queryClient.getQueryData(sessionKeys.user));
}
