import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client';
import { csrfHeaders } from './csrf';

export function adminLogout(): Promise<unknown> {
  return apiRequest('POST', '/api/admin/logout', undefined, { headers: csrfHeaders() });
}

export function useAdminLogout() {
  return useMutation({ mutationFn: adminLogout });
}
