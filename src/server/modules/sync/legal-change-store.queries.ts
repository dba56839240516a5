/**
 * Writing legal changes and their change events as a sync stores them: the stored row read
 * (and locked) for comparison, inserted, refreshed or updated, and the events of a run marked
 * processed when they are not news.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { changeEvents, legalChanges } from '#server/db/schema';

export type LegalChangeValues = Omit<typeof legalChanges.$inferInsert, 'source' | 'upstreamId'>;
type Source = (typeof legalChanges.$inferInsert)['source'];
export type ChangeEventValues = typeof changeEvents.$inferInsert;
export type ChangeEventKind = ChangeEventValues['kind'];

/** The stored fields a sync compares an upstream item with. */
const comparedColumns = {
  id: legalChanges.id,
  contentHash: legalChanges.contentHash,
  title: legalChanges.title,
  longTitle: legalChanges.longTitle,
  description: legalChanges.description,
  status: legalChanges.status,
  currentHouse: legalChanges.currentHouse,
  currentStage: legalChanges.currentStage,
  currentStageDate: legalChanges.currentStageDate,
  parliamentarySession: legalChanges.parliamentarySession,
  consultationStartDate: legalChanges.consultationStartDate,
  consultationEndDate: legalChanges.consultationEndDate,
  proposedDate: legalChanges.proposedDate,
  enactmentDate: legalChanges.enactmentDate,
  effectiveDate: legalChanges.effectiveDate,
  dateLaid: legalChanges.dateLaid,
  madeDate: legalChanges.madeDate,
  officialUrl: legalChanges.officialUrl,
  departmentName: legalChanges.departmentName,
  withdrawn: legalChanges.withdrawn,
  defeated: legalChanges.defeated,
};

/** The stored item of (source, upstreamId), locked until the transaction ends. */
export async function lockStoredLegalChange(tx: Tx, params: { source: Source; upstreamId: string }) {
  const [row] = await tx
    .select(comparedColumns)
    .from(legalChanges)
    .where(and(eq(legalChanges.source, params.source), eq(legalChanges.upstreamId, params.upstreamId)))
    .for('update');
  return row ?? null;
}
export type StoredLegalChange = NonNullable<Awaited<ReturnType<typeof lockStoredLegalChange>>>;

/** Inserts a new item; null when a concurrent writer inserted it first. */
export async function insertLegalChange(
  tx: Tx,
  params: { source: Source; upstreamId: string; values: LegalChangeValues },
): Promise<number | null> {
  const [row] = await tx
    .insert(legalChanges)
    .values({ source: params.source, upstreamId: params.upstreamId, ...params.values })
    .onConflictDoNothing({ target: [legalChanges.source, legalChanges.upstreamId] })
    .returning({ id: legalChanges.id });
  return row?.id ?? null;
}

export async function updateLegalChange(
  tx: Tx,
  params: { id: number; values: Partial<LegalChangeValues> },
): Promise<void> {
  await tx.update(legalChanges).set(params.values).where(eq(legalChanges.id, params.id));
}

/** Marks an item seen now without changing it. */
export async function touchLegalChangeRow(tx: Tx, params: { id: number }): Promise<void> {
  await tx
    .update(legalChanges)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(legalChanges.id, params.id));
}

export async function insertChangeEvents(tx: Tx, rows: ChangeEventValues[]): Promise<void> {
  if (rows.length) await tx.insert(changeEvents).values(rows);
}

/** The run's events on one item are marked processed: they raise no alert. */
export async function markEventsProcessed(tx: Tx, runId: number, legalChangeId: number): Promise<void> {
  await tx
    .update(changeEvents)
    .set({ processedAt: sql`now()` })
    .where(
      and(
        eq(changeEvents.syncOperationId, runId),
        eq(changeEvents.legalChangeId, legalChangeId),
        isNull(changeEvents.processedAt),
      ),
    );
}
