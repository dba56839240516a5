/** Extra seats: a checkout like the plan's, confirmed the same way in test mode. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client';
import { billingKeys, teamKeys } from '#client/lib/query-keys';

import type { z } from 'zod';
import type { buySeatsResponse } from '#shared/schemas/orgs';

type SeatsCheckout = z.infer<typeof buySeatsResponse>;

/**
 * Buys `add` seats: the saved card pays at once (no client secret), or the test mode's checkout is
 * confirmed as the plan's is. Returns the checkout.
 */
export function useBuySeats(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (add: number) => {
      const checkout = await apiRequest<SeatsCheckout>('POST', `/api/orgs/${orgId}/seats`, { add });
      if (checkout.testMode && checkout.clientSecret)
        await apiRequest('POST', '/api/billing/test-mode/confirm', { clientSecret: checkout.clientSecret });
      return checkout;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
