import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AIOverview } from '#shared/schemas/legal-change-detail';
import { useTranslation } from '#client/i18n';
import { apiRequest } from '#client/lib/api-client';
import { aiOverviewQueryOptions, aiOverviewUrl } from './get-ai-overview';

export function regenerateAiOverview(id: number, language: string): Promise<AIOverview> {
  return apiRequest<AIOverview>('POST', aiOverviewUrl(id, language));
}

/** Update Analysis: writes the overview again, in the interface language, and shows it. */
export function useRegenerateAiOverview(id: number) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: () => regenerateAiOverview(id, i18n.language),
    onSuccess: (overview) => {
      queryClient.setQueryData(aiOverviewQueryOptions(id, overview.language).queryKey, overview);
    },
  });
}
