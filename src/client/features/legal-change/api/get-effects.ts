import { useQuery } from '@tanstack/react-query';
import type { EffectList } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeUrl } from './keys';

/** Changes recorded on this law by later legislation (legislation.gov.uk effects). */
export function useEffects(id: number) {
  return useQuery({
    queryKey: ['legal-change', id, 'effects'] as const,
    queryFn: ({ signal }) => getJson<EffectList>(legalChangeUrl(id, '/effects'), { signal }),
  });
}
