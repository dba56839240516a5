import type { VerifyEmailRequest, VerifyEmailResponse } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

export function verifyEmail(body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return apiRequest<VerifyEmailResponse>('POST', '/api/auth/verify-email', body);
}
