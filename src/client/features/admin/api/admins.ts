/** The named administrators: who this session is, the list, invites, removals and enrolment. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAcceptRequest,
  AdminList,
  AdminMe,
  AdminSummary,
  TotpSetupResponse,
  TotpVerifyResponse,
} from '#shared/schemas/admin';
import type { AdminLoginResponse } from '#shared/schemas/auth';
import { adminKeys } from '#client/lib/query-keys';
import { adminGet, adminSend } from './admin-request';

export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => adminGet<AdminMe>('/api/admin/me', signal),
  });

export const adminListQuery = () =>
  queryOptions({
    queryKey: adminKeys.admins,
    queryFn: ({ signal }) => adminGet<AdminList>('/api/admin/admins', signal),
  });

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      adminSend<{ admin: AdminSummary; message: string }>('POST', '/api/admin/admins', { email }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.admins });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminSend<{ message: string }>('DELETE', `/api/admin/admins/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.admins });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (body: AdminAcceptRequest) =>
      adminSend<AdminLoginResponse>('POST', '/api/admin/admins/accept', body),
  });
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: () => adminSend<TotpSetupResponse>('POST', '/api/admin/totp/setup'),
  });
}

export function useTotpVerify() {
  return useMutation({
    mutationFn: (code: string) => adminSend<TotpVerifyResponse>('POST', '/api/admin/totp/verify', { code }),
  });
}
