import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Document } from '#shared/schemas/legal-change-detail';
import { getJson } from '#client/lib/api-client';
import { legalChangeKeys } from '#client/lib/query-keys';
import { legalChangeUrl } from './url';

export function getDocuments(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Document[]> {
  return getJson<Document[]>(legalChangeUrl(id, '/documents'), { signal });
}

export const documentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalChangeKeys.documents(id),
    queryFn: ({ signal }) => getDocuments(id, { signal }),
  });

export function useDocuments(id: number) {
  return useQuery(documentsQueryOptions(id));
}
