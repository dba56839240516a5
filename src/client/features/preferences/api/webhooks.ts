import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedWebhook, CreateWebhook, DeliveryPage, Webhook } from '#shared/schemas/webhooks';
import { apiRequest, getJson } from '#client/lib/api-client';
import { preferencesKeys } from '#client/lib/query-keys';

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKeys.webhooks,
    queryFn: ({ signal }) => getJson<Webhook[]>('/api/user/webhooks', { signal }),
  });

export function useWebhooks(enabled = true) {
  return useQuery({ ...webhooksQueryOptions(), enabled });
}

export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhook) => apiRequest<CreatedWebhook>('POST', '/api/user/webhooks', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ id: number; deleted: true }>('DELETE', `/api/user/webhooks/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}

export const getDeliveries = (cursor: string | null, signal?: AbortSignal) =>
  getJson<DeliveryPage>(`/api/user/deliveries?limit=20${cursor ? `&cursor=${cursor}` : ''}`, { signal });

/**
 * The delivery log: the first page as a query, later pages appended on "Load more" (kept in
 * component state rather than an infinite query, which would add a shared chunk to every page).
 */
export function useDeliveries() {
  const first = useQuery({
    queryKey: preferencesKeys.deliveries,
    queryFn: ({ signal }) => getDeliveries(null, signal),
  });
  const [more, setMore] = useState<DeliveryPage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const pages = first.data ? [first.data, ...more] : [];
  const nextCursor = pages.length ? pages[pages.length - 1]!.nextCursor : null;
  return {
    first,
    rows: pages.flatMap((p) => p.data),
    hasMore: nextCursor !== null,
    loadingMore,
    moreFailed,
    async loadMore() {
      if (!nextCursor || loadingMore) return;
      setLoadingMore(true);
      setMoreFailed(false);
      try {
        const page = await getDeliveries(nextCursor);
        setMore((m) => [...m, page]);
      } catch {
        setMoreFailed(true);
      } finally {
        setLoadingMore(false);
      }
    },
  };
}
