/** The grid of /subscription: jurisdictions, law areas, and switching one pair on or off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { dashboardKeys, subscriptionKeys } from '#client/lib/query-keys';
import type { Jurisdiction, LawArea } from '#shared/schemas/reference';
import type { CanSubscribeResponse } from '#shared/schemas/subscriptions';

export const useJurisdictions = () =>
  useQuery({
    queryKey: subscriptionKeys.jurisdictions,
    queryFn: ({ signal }) => getJson<Jurisdiction[]>('/api/jurisdictions', { signal }),
  });

export const useLawAreas = () =>
  useQuery({
    queryKey: subscriptionKeys.lawAreas,
    queryFn: ({ signal }) => getJson<LawArea[]>('/api/law-areas', { signal }),
  });

export interface SubscriptionSwitch {
  jurisdictionId: number;
  lawAreaId: number;
  on: boolean;
}

/**
 * Switches one pair: switching on asks first whether the plan allows it (`refused` then holds
 * the reason and nothing changes); the member's subscriptions are read again after a change.
 */
export function useToggleSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pair: SubscriptionSwitch): Promise<{ refused: string | null }> => {
      if (pair.on) {
        const check = await apiRequest<CanSubscribeResponse>('POST', '/api/can-subscribe', {
          jurisdictionId: pair.jurisdictionId,
          lawAreaId: pair.lawAreaId,
        });
        if (!check.canSubscribe) return { refused: check.reason ?? '' };
      }
      await apiRequest('PATCH', '/api/user-subscriptions/toggle', {
        jurisdictionId: pair.jurisdictionId,
        lawAreaId: pair.lawAreaId,
      });
      return { refused: null };
    },
    onSuccess: ({ refused }) => {
      if (refused === null) void queryClient.invalidateQueries({ queryKey: dashboardKeys.subscriptions() });
    },
  });
}
