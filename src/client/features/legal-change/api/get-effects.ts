import { useQuery } from '@tanstack/react-query';
import type { EffectList } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

/** Changes recorded on this law by later legislation (legislation.gov.uk effects). */
export function useEffects(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: legalChangeKeys.effects(id),
    queryFn: ({ signal }) => getJson<EffectList>(legalChangeUrl(id, '/effects'), { signal }),
  });
}
