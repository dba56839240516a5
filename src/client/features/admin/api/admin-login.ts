import { useMutation } from '@tanstack/react-query';
import type { AdminLoginRequest, AdminLoginResponse } from '#shared/schemas/auth';
import { apiRequest } from '#client/lib/api-client';

/** The server answers with an HttpOnly admin session cookie and a readable `csrf-token` cookie. */
export function adminLogin(body: AdminLoginRequest): Promise<AdminLoginResponse> {
  return apiRequest<AdminLoginResponse>('POST', '/api/admin/login', body);
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
