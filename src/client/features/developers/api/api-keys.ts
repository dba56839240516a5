/** The member's API keys: list, create (the key is in the answer, once) and revoke. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { developerKeys } from '#client/lib/query-keys';
import type { ApiKeyCreated, ApiKeyList, CreateApiKeyBody } from '#shared/schemas/api-keys';

export const useApiKeys = (enabled: boolean) =>
  useQuery({
    queryKey: developerKeys.apiKeys,
    queryFn: ({ signal }) => getJson<ApiKeyList>('/api/user/api-keys', { signal }),
    enabled,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiRequest<ApiKeyCreated>('POST', '/api/user/api-keys', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/user/api-keys/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}
