import type { FollowedLegalChange } from '#shared/schemas/legal-changes';
import { presentListItem, withFields } from '../legal-changes/legal-changes.presenter';
import type { FollowedRow } from './user-actions.queries';

export function presentFollowed(row: FollowedRow): FollowedLegalChange {
  return withFields(presentListItem(row), { followedAt: row.followedAt.toISOString() });
}
