import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AIOverview } from '#shared/schemas/legal-change-detail';
import { apiRequest } from '#client/lib/api-client';
import { aiOverviewQueryOptions } from './get-ai-overview';
import { legalChangeUrl } from './keys';

export function regenerateAiOverview(id: number): Promise<AIOverview> {
  return apiRequest<AIOverview>('POST', legalChangeUrl(id, '/ai-overview'));
}

/** Update Analysis: writes the overview again and shows it. */
export function useRegenerateAiOverview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateAiOverview(id),
    onSuccess: (overview) => {
      queryClient.setQueryData(aiOverviewQueryOptions(id).queryKey, overview);
    },
  });
}
