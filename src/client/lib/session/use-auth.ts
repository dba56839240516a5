import type { CurrentUser } from '#shared/schemas/auth';
import { useCurrentUser } from './current-user';

export interface AuthState {
  user: CurrentUser | null;
  /** True until the first answer about the session (or its final failure) arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * The session as the interface sees it. A failed check counts as signed out; a failed background
 * refresh keeps the member already shown.
 */
export function useAuth(): AuthState {
  const query = useCurrentUser();
  const user = query.data ?? null;
  // only the first check holds the interface back; later checks (window focus, a retry after a
  // failure) run in the background
  const firstCheck = query.isPending && query.fetchStatus !== 'idle' && query.errorUpdateCount === 0;
  return { user, isLoading: firstCheck, isAuthenticated: user !== null };
}
