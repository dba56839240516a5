import type { UserSubscription } from '#shared/schemas/subscriptions';
import type { SubscriptionRow } from './subscriptions.queries';

export function presentSubscription(row: SubscriptionRow): UserSubscription {
  return {
    id: row.id,
    jurisdictionId: row.jurisdictionId,
    lawAreaId: row.lawAreaId,
    isActive: row.isActive,
    jurisdiction: { name: row.jurisdictionName, flag: row.jurisdictionFlag },
    lawArea: { name: row.lawAreaName },
  };
}
