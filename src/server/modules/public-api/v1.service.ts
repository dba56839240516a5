/**
 * The public API's answers, made by the services the app's own screens use: the dashboard's
 * list and search, the legal change page's timeline and effects, the member's follows and
 * notifications. Shared by the REST routes and the MCP tools.
 */
import type { Db } from '#server/db/client';
import { notFound } from '#server/http/errors';
import { effectsOf, timelineOf } from '#server/modules/legal-change-detail/detail.service';
import type { LegalChangesReader } from '#server/modules/legal-changes/legal-changes.caches';
import { searchForMember } from '#server/modules/legal-changes/legal-changes-search.service';
import { legalChangeById, listLegalChanges } from '#server/modules/legal-changes/legal-changes.service';
import { presentNotification } from '#server/modules/notifications/notifications.presenter';
import { followedPage, getAction, setAction } from '#server/modules/user-actions/user-actions.service';
import type { SessionUser } from '#server/plugins/session';
import { SEARCH_RESULT_CAP } from '#shared/constants';
import type { EffectList } from '#shared/schemas/legal-change-detail';
import type { PagedLegalChanges } from '#shared/schemas/legal-changes';
import type {
  V1FollowedPage,
  V1LegalChange,
  V1LegalChangePage,
  V1LegalChangesQuery,
  V1NotificationPage,
  V1PageQuery,
  V1SearchPage,
  V1SearchQuery,
} from '#shared/schemas/public-api';
import { beforeIdCursor, beforeIdOf, nextPageCursor, pageOf } from './cursor';
import { notificationsPage } from './notifications-page.queries';

export interface PublicApiContext {
  db: Db;
  reader: LegalChangesReader;
}

const toBuffer = (answer: PagedLegalChanges) => Buffer.from(JSON.stringify(answer));

export async function listChanges(
  ctx: PublicApiContext,
  user: SessionUser,
  q: V1LegalChangesQuery,
): Promise<V1LegalChangePage> {
  const page = pageOf(q.cursor);
  const prepared = await listLegalChanges(
    ctx.reader,
    {
      page,
      limit: q.limit,
      jurisdictionId: q.jurisdictionId,
      legislationType: q.legislationType,
      sortBy: q.sortBy,
      sortOrder: q.sortOrder,
      includeDismissed: false,
    },
    user,
    toBuffer,
  );
  const answer: PagedLegalChanges = prepared.answer ?? JSON.parse(prepared.bytes.toString('utf8'));
  return { data: answer.data, nextCursor: nextPageCursor(page, answer.hasMore) };
}

export async function searchChanges(
  ctx: PublicApiContext,
  user: SessionUser,
  q: V1SearchQuery,
): Promise<V1SearchPage> {
  const page = pageOf(q.cursor);
  if ((page - 1) * q.limit >= SEARCH_RESULT_CAP) return { data: [], nextCursor: null };
  const result = await searchForMember(ctx.reader, user, {
    q: q.q,
    page,
    limit: q.limit,
    jurisdictionId: q.jurisdictionId,
    legislationType: q.legislationType,
    includeDismissed: false,
  });
  const more = result.hasMore && page * q.limit < SEARCH_RESULT_CAP;
  return { data: result.data, nextCursor: nextPageCursor(page, more) };
}

export async function changeWithTimeline(ctx: PublicApiContext, id: number): Promise<V1LegalChange> {
  const [item, timeline] = await Promise.all([legalChangeById(ctx.reader, id), timelineOf(ctx.db, id)]);
  return { ...item, timeline };
}

export const changeEffects = (ctx: PublicApiContext, id: number): Promise<EffectList> =>
  effectsOf(ctx.db, id);

export async function followedChanges(
  ctx: PublicApiContext,
  user: SessionUser,
  q: V1PageQuery,
): Promise<V1FollowedPage> {
  const page = pageOf(q.cursor);
  const answer = await followedPage(ctx.db, user.id, { page, limit: q.limit });
  return { data: answer.data, nextCursor: nextPageCursor(page, answer.hasMore) };
}

/** Follows an item (the plan's follow limits apply as on the dashboard). */
export async function follow(ctx: PublicApiContext, user: SessionUser, legalChangeId: number) {
  await setAction(ctx.db, user, legalChangeId, { action: 'followed' });
  return { legalChangeId, followed: true as const };
}

/** Stops following an item; 404 when the member does not follow it. */
export async function unfollow(
  ctx: PublicApiContext,
  user: SessionUser,
  legalChangeId: number,
): Promise<void> {
  if ((await getAction(ctx.db, user, legalChangeId)) !== 'followed')
    throw notFound('You do not follow this legal change.', 'not_followed');
  await setAction(ctx.db, user, legalChangeId, { action: 'none' });
}

export async function notificationsOf(
  ctx: PublicApiContext,
  user: SessionUser,
  q: V1PageQuery,
): Promise<V1NotificationPage> {
  const rows = await notificationsPage(ctx.db, {
    userId: user.id,
    beforeId: beforeIdOf(q.cursor),
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(presentNotification),
    nextCursor: rows.length > q.limit && last ? beforeIdCursor(last.id) : null,
  };
}
