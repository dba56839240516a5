import { useMutation } from '@tanstack/react-query';
import type { PhoneCodeSent, SendPhoneCode } from '#shared/schemas/preferences';
import { apiRequest } from '#client/lib/api-client';

export function sendPhoneVerification(body: SendPhoneCode): Promise<PhoneCodeSent> {
  return apiRequest<PhoneCodeSent>('POST', '/api/user/send-phone-verification', body);
}

export function useSendPhoneVerification() {
  return useMutation({ mutationFn: sendPhoneVerification });
}
