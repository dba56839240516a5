import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneVerified, VerifyPhone } from '#shared/schemas/preferences';
import { apiRequest } from '#client/lib/api-client';
import { alertPreferencesQueryOptions } from './get-alert-preferences';

export function verifyPhone(body: VerifyPhone): Promise<PhoneVerified> {
  return apiRequest<PhoneVerified>('POST', '/api/user/verify-phone', body);
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertPreferencesQueryOptions().queryKey }),
  });
}
