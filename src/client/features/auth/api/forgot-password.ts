import { useMutation } from '@tanstack/react-query';
import type { AuthMessageResponse, ForgotPasswordRequest } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

export function forgotPassword(body: ForgotPasswordRequest): Promise<AuthMessageResponse> {
  return apiRequest<AuthMessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
