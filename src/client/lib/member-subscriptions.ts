/** The member's jurisdiction and law area subscriptions: the dashboard, /subscription and /settings read them. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSubscription } from '#shared/schemas/subscriptions';
import { getJson } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/query-keys';

export function getUserSubscriptions(signal?: AbortSignal): Promise<UserSubscription[]> {
  return getJson<UserSubscription[]>('/api/user-subscriptions', { signal });
}

export const userSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.subscriptions(),
    queryFn: ({ signal }) => getUserSubscriptions(signal),
  });

export function useUserSubscriptions() {
  return useQuery(userSubscriptionsQueryOptions());
}
