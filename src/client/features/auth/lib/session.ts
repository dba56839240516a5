import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../api/get-current-user';

/**
 * After the server has set the session cookie: fetch the member again. Resolves true when the
 * session is now active (the router then leaves the sign-in screen on its own).
 */
export async function refreshSession(queryClient: QueryClient): Promise<boolean> {
  const options = currentUserQueryOptions();
  await queryClient.invalidateQueries({ queryKey: options.queryKey });
  return Boolean(queryClient.getQueryData(options.queryKey));
}
