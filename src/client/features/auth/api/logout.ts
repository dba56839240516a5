import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '#client/lib/api-client';
import { STORAGE_KEYS, removeStorage } from '#client/lib/storage';
import { markSignedOut } from '#client/lib/session/sign-out-marker';
import { sessionKeys } from '#client/lib/query-keys';

export function logout(): Promise<unknown> {
  return apiRequest('POST', '/api/auth/logout');
}

/**
 * Signs out: ends the server session, forgets any stored token and every cached member answer,
 * and goes to `/`. The local sign-out happens even when the server cannot be reached.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      removeStorage(STORAGE_KEYS.authToken);
      markSignedOut();
      navigate('/', { replace: true });
      const userKey = sessionKeys.user;
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== userKey[0] || query.queryKey[1] !== userKey[1],
      });
      queryClient.setQueryData(userKey, null);
    },
  });
}
