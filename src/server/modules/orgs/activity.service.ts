/** The organisation's activity log, newest first, a page at a time (`cursor`: the last id seen). */
import { ACTIVITY_ACTIONS, type ActivityAction } from '#shared/orgs';
import { roleOrNotFound, type OrgContext } from './access';
import { activityOf } from './team.queries';

const isAction = (a: string): a is ActivityAction => (ACTIVITY_ACTIONS as readonly string[]).includes(a);

export async function activityLog(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  cursor: number | undefined,
  limit: number,
) {
  await roleOrNotFound(ctx.db, orgId, userId);
  const rows = await activityOf(ctx.db, { orgId, before: cursor ?? null, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    entries: page.flatMap((r) =>
      isAction(r.action)
        ? [
            {
              id: r.id,
              at: r.at.toISOString(),
              actor: { userId: r.userId, email: r.email },
              action: r.action,
              legalChangeId: r.legalChangeId,
              details: r.details,
            },
          ]
        : [],
    ),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
