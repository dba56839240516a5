import type { SubscriptionTier } from '#shared/tiers';

/** A signed-in member as a request knows them (plugins/session.ts). */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  subscriptionTier: SubscriptionTier;
  sessionId: string;
  /**
   * the legislation type codes this member does not see: switched off by them or by the
   * administrator (read with the session, so lists and search need no query of their own)
   */
  disabledTypes: string[];
  /**
   * the member's follows and dismissals, with what lists filter on for each dismissed item (read
   * with the session, so their lists need no statement of their own); null when they have more
   * than MEMBER_ACTIONS_WITH_SESSION, and their lists read them themselves; read for the routes
   * that ask for them (`config: { memberActions: true }`); other routes may get them (from this
   * process's copy) or null
   */
  actions: SessionAction[] | null;
}

/** A member's action on an item; a dismissed item's fields are those lists filter and sort on. */
export interface SessionAction {
  id: number;
  action: 'followed' | 'dismissed';
  itemDate: string | null;
  jurisdictionId: number | null;
  category: string | null;
  legislationType: string | null;
}

/** Actions read with a session at most (a member with more reads them with each list). */
export const MEMBER_ACTIONS_WITH_SESSION = 500;
