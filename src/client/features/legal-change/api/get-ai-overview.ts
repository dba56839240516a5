import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AIOverview } from '#shared/schemas/legal-change-detail';
import { useTranslation } from '#client/i18n';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';
import { MINUTE_MS } from '#shared/time';

/** The overview's URL in the interface language (the server writes it in that language). */
export const aiOverviewUrl = (id: number, language: string) =>
  `${legalChangeUrl(id, '/ai-overview')}?${new URLSearchParams({ language })}`;

export function getAiOverview(
  id: number,
  language: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AIOverview> {
  return getJson<AIOverview>(aiOverviewUrl(id, language), { signal });
}

/** The item's analysis in one language: fresh for 30 minutes, never retried. */
export const aiOverviewQueryOptions = (id: number, language: string) =>
  queryOptions({
    queryKey: legalChangeKeys.aiOverview(id, language),
    queryFn: ({ signal }) => getAiOverview(id, language, { signal }),
    staleTime: 30 * MINUTE_MS,
    retry: false,
  });

/** The analysis in the interface language; switching language reads it in the new one. */
export function useAiOverview(id: number, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...aiOverviewQueryOptions(id, i18n.language), enabled });
}
