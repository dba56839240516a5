/** Checkout, the test mode's confirmation, the member's plan status, receipts and cancellation. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingInterval,
  BillingStatus,
  CreateSubscriptionResponse,
  InvoicesResponse,
} from '#shared/schemas/billing';
import { apiRequest, getJson } from '#client/lib/api-client';
import { billingKeys, sessionKeys } from '#client/lib/query-keys';
import type { PaidTier } from '#shared/paid-tiers';

export const billingStatusQuery = () =>
  queryOptions({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) => getJson<BillingStatus>('/api/billing/status', { signal }),
  });
export const useBillingStatus = () => useQuery(billingStatusQuery());

export const invoicesQuery = () =>
  queryOptions({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => getJson<InvoicesResponse>('/api/billing/invoices', { signal }),
  });
export const useInvoices = () => useQuery(invoicesQuery());

export function createSubscription(tier: PaidTier, interval: BillingInterval) {
  return apiRequest<CreateSubscriptionResponse>('POST', '/api/create-subscription', { tier, interval });
}

/** After a payment: the plan comes from the server, so everything that shows it is read again. */
function useRefreshPlan() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };
}

export function useConfirmTestCheckout() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: (clientSecret: string) =>
      apiRequest<{ message: string; tier: string }>('POST', '/api/billing/test-mode/confirm', {
        clientSecret,
      }),
    onSuccess: refresh,
  });
}

export function useCancelPlan() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; cancelAt: string }>('POST', '/api/billing/cancel'),
    onSuccess: refresh,
  });
}
