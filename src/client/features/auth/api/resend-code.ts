import type { AuthMessageResponse, ResendCodeRequest } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

export function resendCode(body: ResendCodeRequest): Promise<AuthMessageResponse> {
  return apiRequest<AuthMessageResponse>('POST', '/api/auth/resend-code', body);
}
