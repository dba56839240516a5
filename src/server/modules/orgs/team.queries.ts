/** The shared watchlist, each item's assessment and its history, comments and the activity log. */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import {
  legalChanges,
  orgActivity,
  orgAssessmentHistory,
  orgAssessments,
  orgComments,
  orgWatchlist,
  users,
} from '#server/db/schema';

export async function itemExists(db: DbOrTx, params: { legalChangeId: number }) {
  const [row] = await db
    .select({ id: legalChanges.id, title: legalChanges.title })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}

export async function watchlistOf(db: DbOrTx, params: { orgId: number; limit: number }) {
  return db
    .select({
      legalChangeId: orgWatchlist.legalChangeId,
      title: legalChanges.title,
      legislationType: legalChanges.legislationType,
      addedAt: orgWatchlist.createdAt,
      addedBy: orgWatchlist.addedBy,
    })
    .from(orgWatchlist)
    .innerJoin(legalChanges, eq(legalChanges.id, orgWatchlist.legalChangeId))
    .where(eq(orgWatchlist.orgId, params.orgId))
    .orderBy(desc(orgWatchlist.createdAt), desc(orgWatchlist.legalChangeId))
    .limit(params.limit);
}

export async function isWatched(db: DbOrTx, params: { orgId: number; legalChangeId: number }) {
  const [row] = await db
    .select({ id: orgWatchlist.legalChangeId })
    .from(orgWatchlist)
    .where(and(eq(orgWatchlist.orgId, params.orgId), eq(orgWatchlist.legalChangeId, params.legalChangeId)));
  return Boolean(row);
}

/** Adds the item; false when it was already on the list. */
export async function addToWatchlist(
  db: DbOrTx,
  params: { orgId: number; legalChangeId: number; userId: number },
) {
  const added = await db
    .insert(orgWatchlist)
    .values({ orgId: params.orgId, legalChangeId: params.legalChangeId, addedBy: params.userId })
    .onConflictDoNothing()
    .returning({ id: orgWatchlist.legalChangeId });
  return added.length > 0;
}

export async function removeFromWatchlist(db: DbOrTx, params: { orgId: number; legalChangeId: number }) {
  const removed = await db
    .delete(orgWatchlist)
    .where(and(eq(orgWatchlist.orgId, params.orgId), eq(orgWatchlist.legalChangeId, params.legalChangeId)))
    .returning({ id: orgWatchlist.legalChangeId });
  return removed.length > 0;
}

export async function assessmentRow(db: DbOrTx, params: { orgId: number; legalChangeId: number }) {
  const [row] = await db
    .select()
    .from(orgAssessments)
    .where(
      and(eq(orgAssessments.orgId, params.orgId), eq(orgAssessments.legalChangeId, params.legalChangeId)),
    );
  return row ?? null;
}

export type AssessmentValues = Pick<
  typeof orgAssessments.$inferInsert,
  'status' | 'relevance' | 'ownerUserId' | 'dueDate' | 'impactNote'
>;

/** Writes the assessment and its history entry together. */
export async function saveAssessment(
  db: DbOrTx,
  params: {
    orgId: number;
    legalChangeId: number;
    values: AssessmentValues;
    actorUserId: number | null;
    changes: Record<string, [unknown, unknown]>;
  },
) {
  const { orgId, legalChangeId, values } = params;
  await db.transaction(async (tx) => {
    await tx
      .insert(orgAssessments)
      .values({ orgId, legalChangeId, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [orgAssessments.orgId, orgAssessments.legalChangeId],
        set: { ...values, updatedAt: new Date() },
      });
    await tx
      .insert(orgAssessmentHistory)
      .values({ orgId, legalChangeId, actorUserId: params.actorUserId, changes: params.changes });
    await tx.insert(orgActivity).values({
      orgId,
      actorUserId: params.actorUserId,
      action: 'assessment_updated',
      legalChangeId,
      details: { changes: params.changes },
    });
  });
}

export async function historyOf(db: DbOrTx, params: { orgId: number; legalChangeId: number; limit: number }) {
  return db
    .select({
      at: orgAssessmentHistory.createdAt,
      userId: orgAssessmentHistory.actorUserId,
      email: users.email,
      changes: orgAssessmentHistory.changes,
      reason: orgAssessmentHistory.reason,
    })
    .from(orgAssessmentHistory)
    .leftJoin(users, eq(users.id, orgAssessmentHistory.actorUserId))
    .where(
      and(
        eq(orgAssessmentHistory.orgId, params.orgId),
        eq(orgAssessmentHistory.legalChangeId, params.legalChangeId),
      ),
    )
    .orderBy(desc(orgAssessmentHistory.id))
    .limit(params.limit);
}

export async function commentsOf(
  db: DbOrTx,
  params: { orgId: number; legalChangeId: number; limit: number },
) {
  return db
    .select({
      id: orgComments.id,
      body: orgComments.body,
      userId: orgComments.authorUserId,
      email: users.email,
      createdAt: orgComments.createdAt,
    })
    .from(orgComments)
    .leftJoin(users, eq(users.id, orgComments.authorUserId))
    .where(and(eq(orgComments.orgId, params.orgId), eq(orgComments.legalChangeId, params.legalChangeId)))
    .orderBy(orgComments.id)
    .limit(params.limit);
}

export async function insertComment(
  db: DbOrTx,
  params: { orgId: number; legalChangeId: number; authorUserId: number; body: string },
) {
  const [row] = await db.insert(orgComments).values(params).returning();
  return row!;
}

export async function commentById(db: DbOrTx, params: { orgId: number; commentId: number }) {
  const [row] = await db
    .select()
    .from(orgComments)
    .where(and(eq(orgComments.orgId, params.orgId), eq(orgComments.id, params.commentId)));
  return row ?? null;
}

export async function deleteComment(db: DbOrTx, params: { commentId: number }) {
  await db.delete(orgComments).where(eq(orgComments.id, params.commentId));
}

export async function activityOf(
  db: DbOrTx,
  params: { orgId: number; before: number | null; limit: number },
) {
  return db
    .select({
      id: orgActivity.id,
      at: orgActivity.createdAt,
      userId: orgActivity.actorUserId,
      email: users.email,
      action: orgActivity.action,
      legalChangeId: orgActivity.legalChangeId,
      details: orgActivity.details,
    })
    .from(orgActivity)
    .leftJoin(users, eq(users.id, orgActivity.actorUserId))
    .where(
      and(eq(orgActivity.orgId, params.orgId), params.before ? lt(orgActivity.id, params.before) : undefined),
    )
    .orderBy(desc(orgActivity.id))
    .limit(params.limit);
}

export async function usersByEmails(db: DbOrTx, params: { emails: string[] }) {
  if (!params.emails.length) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(inArray(users.email, params.emails));
}
