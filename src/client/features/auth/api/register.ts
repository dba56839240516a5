import type { RegisterRequest, RegisterResponse, SessionResponse } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

/** Either a pending registration that needs the emailed code, or (when no check is needed) a session. */
export type RegisterResult = RegisterResponse | SessionResponse;

export function register(body: RegisterRequest): Promise<RegisterResult> {
  return apiRequest<RegisterResult>('POST', '/api/auth/register', body);
}

export function needsVerification(result: RegisterResult): result is RegisterResponse {
  return 'requiresVerification' in result && result.requiresVerification === true;
}
