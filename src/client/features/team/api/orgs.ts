/** The member's organisation: read it, create one, invite, accept an invite, change roles, remove members. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, getJson } from '#client/lib/api-client';
import { sessionKeys, teamKeys } from '#client/lib/query-keys';
import { useAuth } from '#client/lib/session/use-auth';
import type { CurrentOrg, OrgInvite, OrgRole, OrgSummary } from '../lib/types';

/** The member's organisation, or `null` when they belong to none (the API answers 404). */
export async function getCurrentOrg(signal?: AbortSignal): Promise<CurrentOrg | null> {
  try {
    return await getJson<CurrentOrg>('/api/orgs/current', { signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    return null;
  }
}

export const currentOrgQuery = (userId: number) =>
  queryOptions({
    queryKey: teamKeys.current(userId),
    queryFn: ({ signal }) => getCurrentOrg(signal),
    staleTime: 30_000,
  });

/** The signed-in member's organisation (`null`: none). */
export function useCurrentOrg() {
  const { user } = useAuth();
  return useQuery({ ...currentOrgQuery(user?.id ?? 0), enabled: user !== null });
}

/**
 * After a change: everything of the team is read again, and the session's answer (which says
 * whether the member is in an organisation, for the other screens), and the organisation at once.
 */
function useRefreshOrg() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    if (user) await queryClient.fetchQuery(currentOrgQuery(user.id)).catch(() => undefined);
  };
}

export function useCreateOrg() {
  const refresh = useRefreshOrg();
  return useMutation({
    mutationFn: (name: string) => apiRequest<OrgSummary>('POST', '/api/orgs', { name }),
    onSuccess: refresh,
  });
}

export function useInvite(orgId: number) {
  const refresh = useRefreshOrg();
  return useMutation({
    mutationFn: (body: { email: string; role: OrgRole }) =>
      apiRequest<OrgInvite>('POST', `/api/orgs/${orgId}/invites`, body),
    onSuccess: refresh,
  });
}

export function useAcceptInvite() {
  const refresh = useRefreshOrg();
  return useMutation({
    mutationFn: (token: string) => apiRequest<unknown>('POST', '/api/orgs/invites/accept', { token }),
    onSuccess: refresh,
  });
}

export function useChangeRole(orgId: number) {
  const refresh = useRefreshOrg();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrgRole }) =>
      apiRequest<unknown>('PATCH', `/api/orgs/${orgId}/members/${userId}`, { role }),
    onSettled: refresh,
  });
}

export function useRemoveMember(orgId: number) {
  const refresh = useRefreshOrg();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<unknown>('DELETE', `/api/orgs/${orgId}/members/${userId}`),
    onSuccess: refresh,
  });
}
