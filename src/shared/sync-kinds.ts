/**
 * The upstream syncs a member or the administrator can start, and those whose items members
 * see in their lists (the data-freshness banner watches these). Zod-free: both sides read it.
 */
export const SYNC_KINDS = [
  'uk-parliament',
  'secondary-legislation',
  'scottish-parliament',
  'effects',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** The syncs that fill the members' lists (effects only add to followed items). */
export const LIST_SYNC_KINDS = ['uk-parliament', 'secondary-legislation', 'scottish-parliament'] as const;
