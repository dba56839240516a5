import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sortTimeline } from '#shared/legal-change-display';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage, apiRequest } from '#client/lib/api-client';
import { timelineQueryOptions } from './get-timeline';
import { legalChangeUrl } from './url';

export function createTimeline(id: number): Promise<TimelineEvent[]> {
  return apiRequest<TimelineEvent[]>('POST', legalChangeUrl(id, '/create-timeline'));
}

/** Builds the item's timeline from the official records and shows it. */
export function useCreateTimeline(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createTimeline(id),
    onSuccess: (events) => {
      queryClient.setQueryData(timelineQueryOptions(id).queryKey, sortTimeline(events));
    },
    onError: (error) => {
      toast({
        title: t('legalChange.timeline.createFailed'),
        description: apiErrorMessage(error, t('legalChange.timeline.createFailedDescription')),
        variant: 'destructive',
      });
    },
  });
}
