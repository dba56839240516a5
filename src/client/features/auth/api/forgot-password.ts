import type { AuthMessageResponse, ForgotPasswordRequest } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

export function forgotPassword(body: ForgotPasswordRequest): Promise<AuthMessageResponse> {
  return apiRequest<AuthMessageResponse>('POST', '/api/auth/forgot-password', body);
}
