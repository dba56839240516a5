/** /api/legal-sources: status, syncs, searches, recent lists, and following a found item. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { dashboardKeys, legalSourcesKeys } from '#client/lib/query-keys';
import type { EuDocType, LegalSourceCode, Region } from '#shared/legal-sources';
import type { LegalSourcesStatus, SourceResults } from '#shared/schemas/legal-sources';
import { MINUTE_MS } from '#shared/time';

/** What the search's jurisdiction select offers, and the path each one searches. */
export const SEARCH_TARGETS = [
  'uk',
  'eu',
  'us-federal-register',
  'us-congress',
  'canada',
  'australia',
] as const;
export type SearchTarget = (typeof SEARCH_TARGETS)[number];

const SEARCH_PATHS: Record<SearchTarget, string> = {
  uk: '/api/legal-sources/uk/search',
  eu: '/api/legal-sources/eu/search',
  'us-federal-register': '/api/legal-sources/us/federal-register/search',
  'us-congress': '/api/legal-sources/us/congress/bills',
  canada: '/api/legal-sources/canada/recent-acts',
  australia: '/api/legal-sources/australia/search',
};

const RECENT_PATHS: Record<Region, string> = {
  uk: '/api/legal-sources/uk/recent-changes',
  eu: '/api/legal-sources/eu/recent-directives',
  us: '/api/legal-sources/us/federal-register/recent',
  canada: '/api/legal-sources/canada/recent-acts',
  australia: '/api/legal-sources/australia/recent-legislation',
};

export const useLegalSourcesStatus = () =>
  useQuery(
    queryOptions({
      queryKey: legalSourcesKeys.status,
      queryFn: ({ signal }) => getJson<LegalSourcesStatus>('/api/legal-sources/status', { signal }),
    }),
  );

export const useRecent = (region: Region, enabled: boolean) =>
  useQuery({
    queryKey: legalSourcesKeys.recent(region),
    queryFn: ({ signal }) => getJson<SourceResults>(RECENT_PATHS[region], { signal }),
    enabled,
  });

export interface SearchRequest {
  target: SearchTarget;
  query: string;
  docType: EuDocType | '';
  language: string;
}

export const useSearch = (request: SearchRequest | null) =>
  useQuery({
    queryKey: request
      ? legalSourcesKeys.search(request.target, request.query, request.docType)
      : legalSourcesKeys.noSearch,
    queryFn: ({ signal }) => {
      const r = request!;
      const params = new URLSearchParams({ query: r.query });
      if (r.target === 'eu') {
        if (r.docType) params.set('docType', r.docType);
        params.set('language', r.language);
      }
      return getJson<SourceResults>(`${SEARCH_PATHS[r.target]}?${params}`, { signal });
    },
    enabled: request !== null,
    retry: false,
    staleTime: MINUTE_MS,
  });

export function useSyncAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ successful: number; failed: number }>('POST', '/api/legal-sources/sync'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalSourcesKeys.all }),
  });
}

/** Stores the found item here (or finds it) and follows it. */
export function useFollowResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (r: {
      source: LegalSourceCode;
      identifier: string;
      legalChangeId?: number | undefined;
    }) => {
      const id =
        r.legalChangeId ??
        (
          await apiRequest<{ legalChangeId: number }>('POST', `/api/legal-sources/${r.source}/items`, {
            identifier: r.identifier,
          })
        ).legalChangeId;
      await apiRequest('POST', `/api/legal-changes/${id}/action`, { action: 'followed' });
      return id;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: legalSourcesKeys.searches });
    },
  });
}
