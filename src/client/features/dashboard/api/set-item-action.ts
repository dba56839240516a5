import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PagedLegalChanges,
  SetUserActionBody,
  UserAction,
  UserActionResponse,
} from '#shared/schemas/legal-changes';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { ApiError, apiRequest } from '#client/lib/api-client';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { dashboardKeys } from '#client/lib/query-keys';

export function setItemAction(id: number, body: SetUserActionBody): Promise<UserActionResponse> {
  return apiRequest<UserActionResponse>('POST', `/api/legal-changes/${id}/action`, body);
}

/** Replaces the cached action of item `id` in every cached list with the server's answer. */
function replaceCachedAction(queryClient: QueryClient, id: number, action: UserAction | null) {
  queryClient.setQueriesData<PagedLegalChanges>({ queryKey: dashboardKeys.lists() }, (old) => {
    if (!old || !Array.isArray(old.data)) return old;
    if (!old.data.some((item) => item.id === id)) return old;
    return {
      ...old,
      data: old.data.map((item) => (item.id === id ? { ...item, userAction: action } : item)),
    };
  });
}

/** Follow, Dismiss, or clear either; the stored action is the server's answer. */
export function useSetItemAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SetUserActionBody['action'] }) =>
      setItemAction(id, { action }),
    onSuccess: (answer, { id }) => {
      replaceCachedAction(queryClient, id, answer.action);
      void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.followedAll() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.deadlines() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403 && error.code === 'follow_limit_reached') {
        toast({
          title: t('dashboard.list.limitTitle'),
          description: error.serverMessage ?? t('dashboard.list.actionFailed'),
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: t('dashboard.list.actionErrorTitle'),
        description: t('dashboard.list.actionFailed'),
        variant: 'destructive',
      });
    },
  });
}
