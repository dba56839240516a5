/**
 * Each watched item's assessment in the organisation: status, relevance, owner, due date and
 * impact note. Every change is kept with who made it and when; an item never assessed reads as New.
 */
import { badRequest } from '#server/http/errors';
import type { AssessmentUpdate } from '#shared/schemas/orgs';
import { requireRole, roleOrNotFound, type OrgContext } from './access';
import { roleIn } from './orgs.queries';
import { assessmentRow, historyOf, isWatched, saveAssessment, type AssessmentValues } from './team.queries';
import { notWatched } from './watchlist.service';

const FIELDS = ['status', 'relevance', 'ownerUserId', 'dueDate', 'impactNote'] as const;
const HISTORY_SHOWN = 200;

export const DEFAULT_ASSESSMENT: Required<AssessmentValues> = {
  status: 'new',
  relevance: null,
  ownerUserId: null,
  dueDate: null,
  impactNote: null,
};

async function watchedOrNotFound(ctx: OrgContext, orgId: number, legalChangeId: number) {
  if (!(await isWatched(ctx.db, { orgId, legalChangeId }))) throw notWatched();
}

export async function readAssessment(ctx: OrgContext, userId: number, orgId: number, legalChangeId: number) {
  await roleOrNotFound(ctx.db, orgId, userId);
  await watchedOrNotFound(ctx, orgId, legalChangeId);
  const [row, history] = await Promise.all([
    assessmentRow(ctx.db, { orgId, legalChangeId }),
    historyOf(ctx.db, { orgId, legalChangeId, limit: HISTORY_SHOWN }),
  ]);
  const values = row ?? DEFAULT_ASSESSMENT;
  return {
    status: values.status ?? 'new',
    relevance: values.relevance ?? null,
    ownerUserId: values.ownerUserId ?? null,
    dueDate: values.dueDate ?? null,
    impactNote: values.impactNote ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      by: { userId: h.userId, email: h.email },
      changes: h.changes,
      reason: h.reason,
    })),
  };
}

export async function updateAssessment(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  legalChangeId: number,
  input: AssessmentUpdate,
) {
  await requireRole(ctx.db, orgId, userId, 'assess');
  await watchedOrNotFound(ctx, orgId, legalChangeId);
  if (input.ownerUserId != null && !(await roleIn(ctx.db, { orgId, userId: input.ownerUserId })))
    throw badRequest('The owner must be a member of the organisation.', undefined, 'owner_not_member');
  const row = await assessmentRow(ctx.db, { orgId, legalChangeId });
  const before: Required<AssessmentValues> = row
    ? {
        status: row.status,
        relevance: row.relevance,
        ownerUserId: row.ownerUserId,
        dueDate: row.dueDate,
        impactNote: row.impactNote,
      }
    : DEFAULT_ASSESSMENT;
  const after = { ...before };
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of FIELDS) {
    if (!(field in input)) continue;
    const value = input[field] ?? null;
    if (value === before[field]) continue;
    changes[field] = [before[field], value];
    (after as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(changes).length)
    await saveAssessment(ctx.db, { orgId, legalChangeId, values: after, actorUserId: userId, changes });
  return readAssessment(ctx, userId, orgId, legalChangeId);
}
