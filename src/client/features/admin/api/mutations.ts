/** The administrator console's writes; each carries the CSRF header and refreshes what it changed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAvailability,
  AdminUserDetail,
  AdminUserPatch,
  ChannelTestResult,
  Phase2Results,
} from '#shared/schemas/admin';
import type { AdminSyncStarted, SyncKind } from '#shared/schemas/sync';
import { adminGet, adminSend } from './admin-request';
import { adminKeys } from '#client/lib/query-keys';

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminSend<{ message: string }>('POST', `/api/admin/outbox/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allNotificationLogs }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminUserPatch) =>
      adminSend<AdminUserDetail>('PATCH', `/api/admin/users/${id}`, patch),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(id), user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminSend<{ message: string }>('DELETE', `/api/admin/users/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}

export type SyncButtonKind = SyncKind | 'news-cache';

export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: SyncButtonKind) => adminSend<AdminSyncStarted>('POST', `/api/admin/sync/${kind}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.syncCache });
      void queryClient.invalidateQueries({ queryKey: adminKeys.monitoring });
    },
  });
}

export function useTriggerNewsFetch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminSend<{ message: string }>('POST', '/api/admin/trigger-news-fetch'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.newsCache }),
  });
}

export function useRegenerateSearchTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPrimary }: { id: number; isPrimary: boolean }) =>
      adminSend('POST', `/api/admin/search-terms/${id}/regenerate`, { isPrimary }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.searchTerms }),
  });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { availability: Record<string, boolean>; override: boolean }) =>
      adminSend<AdminAvailability>('PUT', '/api/admin/legislation-availability', body),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.availability, data),
  });
}

export function useInitializeDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminSend<{ message: string; totalItemsEnabled: number }>(
        'POST',
        '/api/admin/initialize-legislation-defaults',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.availability }),
  });
}

export type ChannelTest =
  | { path: 'test-phase-21'; body: { testEmail: string } }
  | { path: 'test-phase-22'; body: { testPhoneNumber: string } }
  | { path: 'test-phase-23'; body: { testUserId: string } }
  | {
      path:
        | 'test-phase-3-1'
        | 'test-phase-3-2'
        | 'test-direct-unified-notifications'
        | 'test-verification-notifications';
      body: { testEmail: string };
    };

export function useChannelTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: ChannelTest) =>
      adminSend<ChannelTestResult>('POST', `/api/admin/${path}`, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function usePhase2Results() {
  return useMutation({ mutationFn: () => adminGet<Phase2Results>('/api/admin/phase-2-results') });
}
