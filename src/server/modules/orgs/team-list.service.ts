/**
 * The team's view of its watchlist (status, owner and due-date columns; the filters 'Assigned to
 * me', 'Action required', 'Due in 30 days', 'Not yet assessed') and its horizon of dated events.
 */
import { DAY_MS } from '#shared/time';
import type { HorizonKind } from '#shared/orgs';
import type { z } from 'zod';
import type { teamItemsQuery } from '#shared/schemas/orgs';
import { roleOrNotFound, type OrgContext } from './access';
import { horizonRows, teamItemsPage } from './team-list.queries';

type TeamItemsQuery = z.infer<typeof teamItemsQuery>;

export async function teamItems(ctx: OrgContext, userId: number, orgId: number, query: TeamItemsQuery) {
  await roleOrNotFound(ctx.db, orgId, userId);
  const rows = await teamItemsPage(ctx.db, {
    orgId,
    status: query.status,
    ownerUserId: query.assigned === 'me' ? userId : query.ownerUserId,
    dueBefore: query.dueBefore,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map((r) => ({
      legalChangeId: r.legalChangeId,
      title: r.title,
      legislationType: r.legislationType,
      category: r.category,
      itemStatus: r.itemStatus,
      currentStage: r.currentStage,
      lastChangeAt: r.lastChangeAt ? new Date(r.lastChangeAt).toISOString() : null,
      addedAt: r.addedAt.toISOString(),
      assessment: {
        status: r.status,
        relevance: r.relevance,
        ownerUserId: r.ownerUserId,
        dueDate: r.dueDate,
        impactNote: r.impactNote,
        updatedAt: r.updatedAt?.toISOString() ?? null,
      },
    })),
    total,
    hasMore: query.page * query.limit < total,
    page: query.page,
    limit: query.limit,
  };
}

export const isoDay = (offsetDays: number, from = Date.now()) =>
  new Date(from + offsetDays * DAY_MS).toISOString().slice(0, 10);

export interface HorizonEvent {
  date: string;
  kind: HorizonKind;
  legalChangeId: number;
  title: string;
}

const HORIZON_LIMIT = 500;

/** Dated events of the watchlist between two days (default: today to 180 days ahead), by date. */
export async function horizonEvents(ctx: OrgContext, orgId: number, from: string, to: string) {
  const r = await horizonRows(ctx.db, { orgId, from, to, limit: HORIZON_LIMIT });
  const events: HorizonEvent[] = [
    ...r.consultations.map((e) => ({ ...e, kind: 'consultation_end' as const })),
    ...r.commencements.map((e) => ({ ...e, kind: 'commencement' as const })),
    ...r.effects.map((e) => ({ ...e, kind: 'effect_in_force' as const })),
    ...r.stages.map((e) => ({ ...e, kind: 'stage' as const })),
    ...r.dues.map((e) => ({ ...e, kind: 'assessment_due' as const })),
  ];
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.legalChangeId - b.legalChangeId || a.kind.localeCompare(b.kind),
  );
}

export async function horizon(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  query: { from?: string; to?: string },
) {
  await roleOrNotFound(ctx.db, orgId, userId);
  const from = query.from ?? isoDay(0);
  const to = query.to ?? isoDay(180, Date.parse(`${from}T00:00:00Z`));
  return { events: await horizonEvents(ctx, orgId, from, to) };
}
