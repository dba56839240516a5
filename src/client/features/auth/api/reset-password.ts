import type { AuthMessageResponse, ResetPasswordRequest } from '#shared/schemas/auth';
import { ApiError, apiRequest } from '#client/lib/api-client';

export function resetPassword(body: ResetPasswordRequest): Promise<AuthMessageResponse> {
  return apiRequest<AuthMessageResponse>('POST', '/api/auth/reset-password', body);
}

/** True when the server refused the token itself (unknown, used or expired) rather than the password. */
export function isInvalidResetToken(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 410) return true;
  const code = error.code ?? '';
  return /token|expired/i.test(code);
}
