import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UkLegislationSyncResponse } from '#shared/schemas/sync';
import { apiRequest } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

/** POST /api/sync-uk-legislation: UK Parliament and legislation.gov.uk now; the lists and the banner read again. */
export function useSyncLatest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UkLegislationSyncResponse>('POST', '/api/sync-uk-legislation'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
