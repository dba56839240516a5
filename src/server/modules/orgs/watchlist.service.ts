/** The organisation's shared watchlist: read by every member, changed by owners and admins. */
import { conflict, notFound } from '#server/http/errors';
import { requireRole, roleOrNotFound, type OrgContext } from './access';
import { recordActivity } from './orgs.queries';
import { addToWatchlist, itemExists, removeFromWatchlist, watchlistOf } from './team.queries';

export const WATCHLIST_MAX = 2000;

export const itemNotFound = () => notFound('No such legal change.', 'legal_change_not_found');
export const notWatched = () =>
  notFound('This item is not on the organisation’s watchlist.', 'not_on_watchlist');

export async function listWatchlist(ctx: OrgContext, userId: number, orgId: number) {
  await roleOrNotFound(ctx.db, orgId, userId);
  const rows = await watchlistOf(ctx.db, { orgId, limit: WATCHLIST_MAX });
  return {
    items: rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() })),
  };
}

export async function watch(ctx: OrgContext, userId: number, orgId: number, legalChangeId: number) {
  await requireRole(ctx.db, orgId, userId, 'manageWatchlist');
  const item = await itemExists(ctx.db, { legalChangeId });
  if (!item) throw itemNotFound();
  if ((await watchlistOf(ctx.db, { orgId, limit: WATCHLIST_MAX })).length >= WATCHLIST_MAX)
    throw conflict(`A watchlist holds at most ${WATCHLIST_MAX} items.`, 'watchlist_full');
  const added = await addToWatchlist(ctx.db, { orgId, legalChangeId, userId });
  if (added)
    await recordActivity(ctx.db, { orgId, actorUserId: userId, action: 'watchlist_added', legalChangeId });
  return { legalChangeId, title: item.title, added };
}

export async function unwatch(ctx: OrgContext, userId: number, orgId: number, legalChangeId: number) {
  await requireRole(ctx.db, orgId, userId, 'manageWatchlist');
  if (!(await removeFromWatchlist(ctx.db, { orgId, legalChangeId }))) throw notWatched();
  await recordActivity(ctx.db, { orgId, actorUserId: userId, action: 'watchlist_removed', legalChangeId });
}
