import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmendmentsSyncResponse } from '#shared/schemas/sync';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiRequest } from '#client/lib/api-client';
import { amendmentsQueryOptions } from './get-amendments';
import { legalChangeUrl } from './url';

export function syncAmendments(id: number): Promise<AmendmentsSyncResponse> {
  return apiRequest<AmendmentsSyncResponse>('POST', legalChangeUrl(id, '/sync-amendments'));
}

/** Reads the bill's latest amendments from Parliament, then reloads the list. */
export function useSyncAmendments(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncAmendments(id),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: amendmentsQueryOptions(id).queryKey });
      toast({
        title: t('legalChange.amendments.syncedTitle'),
        description: t('legalChange.amendments.syncedDescription', { count: answer.newAmendments }),
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: t('legalChange.errorTitle'),
        description: t('legalChange.amendments.syncFailed'),
        variant: 'destructive',
      });
    },
  });
}
