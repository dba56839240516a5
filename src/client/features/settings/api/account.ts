/** The member's profile settings, password, email address, sessions and account. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberSessionsResponse } from '#shared/schemas/auth';
import type { UserSettings, UserSettingsUpdate } from '#shared/schemas/settings';
import { apiRequest, getJson } from '#client/lib/api-client';
import { dashboardKeys, sessionKeys, settingsKeys } from '#client/lib/query-keys';

function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKeys.user });
}

export function useUpdateSettings() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: UserSettingsUpdate) => apiRequest<UserSettings>('PUT', '/api/user/settings', body),
    onSuccess: () => void refresh(),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest<{ message: string; sessionsEnded: number }>('POST', '/api/auth/change-password', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newEmail: string }) =>
      apiRequest<{ message: string }>('POST', '/api/auth/change-email', body),
  });
}

export function useConfirmEmailChange() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<{ message: string; email: string }>('POST', '/api/auth/change-email/verify', { code }),
    onSuccess: () => void refresh(),
  });
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => getJson<MemberSessionsResponse>('/api/auth/sessions', { signal }),
  });
export const useSessions = () => useQuery(sessionsQuery());

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/auth/sessions/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password: string; confirmEmail: string }) =>
      apiRequest<{ message: string }>('DELETE', '/api/user/account', body),
  });
}

export function useSyncUkLegislation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ syncedCount: number; completed: boolean; message: string }>(
        'POST',
        '/api/sync-uk-legislation',
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
