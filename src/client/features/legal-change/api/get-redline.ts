import { useQuery } from '@tanstack/react-query';
import type { ProvisionDiff, ProvisionVersions } from '#shared/schemas/redlines';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

const provisionUrl = (id: number, provision: string, suffix: string) =>
  legalChangeUrl(id, `/provisions/${encodeURIComponent(provision)}${suffix}`);

/** The versions legislation.gov.uk names for a provision (enacted, dated, current). */
export function useProvisionVersions(id: number, provision: string | null) {
  return useQuery({
    queryKey: legalChangeKeys.provisionVersions(id, provision ?? ''),
    queryFn: ({ signal }) =>
      getJson<ProvisionVersions>(provisionUrl(id, provision!, '/versions'), { signal }),
    enabled: provision !== null,
    retry: false,
  });
}

/** The redline of a provision between two versions. */
export function useProvisionDiff(id: number, provision: string | null, from: string, to: string) {
  return useQuery({
    queryKey: legalChangeKeys.provisionDiff(id, provision ?? '', from, to),
    queryFn: ({ signal }) =>
      getJson<ProvisionDiff>(provisionUrl(id, provision!, `/diff?${new URLSearchParams({ from, to })}`), {
        signal,
      }),
    enabled: provision !== null,
    retry: false,
  });
}
