import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetUserActionBody, UserActionResponse } from '#shared/schemas/legal-changes';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiRequest } from '#client/lib/api-client';
import { userActionQueryOptions } from './get-user-action';
import { legalChangeUrl } from './url';

export function setUserAction(id: number, body: SetUserActionBody): Promise<UserActionResponse> {
  return apiRequest<UserActionResponse>('POST', legalChangeUrl(id, '/action'), body);
}

/** Follow or Dismiss; the answer is the stored action. */
export function useSetUserAction(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SetUserActionBody['action']) => setUserAction(id, { action }),
    onSuccess: (answer) => {
      queryClient.setQueryData(userActionQueryOptions(id).queryKey, answer.action);
      void queryClient.invalidateQueries({ queryKey: userActionQueryOptions(id).queryKey });
      toast({
        title: t('legalChange.action.savedTitle'),
        description: t('legalChange.action.savedDescription'),
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: t('legalChange.errorTitle'),
        description: t('legalChange.action.failed'),
        variant: 'destructive',
      });
    },
  });
}
