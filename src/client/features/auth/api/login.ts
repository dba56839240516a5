import type { LoginRequest, LoginResponse } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

/** The server answers with the session cookie; the token in the body is not kept. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/api/auth/login', body);
}
