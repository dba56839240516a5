import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAction, UserActionResponse } from '#shared/schemas/legal-changes';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

/** The member's action on the item; a 401 means none. */
export async function getUserAction(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserAction | null> {
  const answer = await getJson<UserActionResponse>(legalChangeUrl(id, '/action'), {
    on401: 'returnNull',
    signal,
  });
  return answer?.action ?? null;
}

export const userActionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.action(id),
    queryFn: ({ signal }) => getUserAction(id, { signal }),
  });

export function useUserAction(id: number) {
  return useQuery(userActionQueryOptions(id));
}
