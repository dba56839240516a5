/**
 * Legal sources' stored state: each source's last probe and recent list, the last runs of the
 * UK syncs, and the legal changes stored from a source (found, searched, listed, followed).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { legalChanges, legalSourceState, userActions } from '#server/db/schema';
import type { SourceResult } from '#shared/schemas/legal-sources';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function legalSourceStates(db: Db) {
  return db
    .select({
      code: legalSourceState.code,
      lastCheckedAt: legalSourceState.lastCheckedAt,
      lastSuccessAt: legalSourceState.lastSuccessAt,
      lastError: legalSourceState.lastError,
    })
    .from(legalSourceState);
}

export async function legalSourceStateOf(db: Db, params: { code: string }) {
  const [state] = await db
    .select({
      lastCheckedAt: legalSourceState.lastCheckedAt,
      lastError: legalSourceState.lastError,
      recent: legalSourceState.recent,
    })
    .from(legalSourceState)
    .where(eq(legalSourceState.code, params.code));
  return state ?? null;
}

export interface LastSyncRun {
  sync_type: string;
  status: string;
  completed_at: Date | string | null;
  error_message: string | null;
  last_ok: Date | string | null;
}

/** The last finished run of each UK sync, with the time of its last successful one. */
export async function lastUkSyncRuns(db: Db): Promise<LastSyncRun[]> {
  const runs = await db.execute(sql`
      SELECT DISTINCT ON (sync_type) sync_type, status, completed_at, error_message,
        (SELECT max(completed_at) FROM sync_operations o2
          WHERE o2.sync_type = o.sync_type AND o2.status = 'completed') AS last_ok
      FROM sync_operations o
      WHERE sync_type IN ('secondary-legislation', 'uk-parliament', 'scottish-parliament') AND status <> 'running'
      ORDER BY sync_type, id DESC`);
  return rowsOf<LastSyncRun>(runs);
}

export type ProbeValues =
  | { code: string; lastCheckedAt: Date; lastError: string; updatedAt: Date }
  | {
      code: string;
      lastCheckedAt: Date;
      lastSuccessAt: Date;
      lastError: null;
      recent: SourceResult[];
      updatedAt: Date;
    };

export async function saveLegalSourceState(db: Db, values: ProbeValues): Promise<void> {
  await db
    .insert(legalSourceState)
    .values(values)
    .onConflictDoUpdate({ target: legalSourceState.code, set: { ...values, code: undefined } });
}

/** The upstream ids of a source's items that members follow. */
export async function followedUpstreamIds(db: Db, params: { source: string; limit: number }) {
  return db
    .selectDistinct({ upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .innerJoin(
      userActions,
      and(eq(userActions.legalChangeId, legalChanges.id), eq(userActions.action, 'followed')),
    )
    .where(eq(legalChanges.source, params.source))
    .limit(params.limit);
}

/** The ids of the legal changes stored from `source` under these upstream ids. */
export async function storedIdsOf(db: Db, params: { source: string; upstreamIds: string[] }) {
  const rows = await db
    .select({ id: legalChanges.id, upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .where(and(eq(legalChanges.source, params.source), inArray(legalChanges.upstreamId, params.upstreamIds)));
  return new Map(rows.map((r) => [r.upstreamId, r.id]));
}

export async function storedLegalChangeId(
  db: Db,
  params: { source: string; upstreamId: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: legalChanges.id })
    .from(legalChanges)
    .where(and(eq(legalChanges.source, params.source), eq(legalChanges.upstreamId, params.upstreamId)))
    .limit(1);
  return row?.id;
}

export interface StoredRow {
  id: number;
  title: string;
  item_date: string | null;
  legislation_type: string;
  official_url: string | null;
  upstream_id: string;
  total: number;
}

/** The 20 best matches of a full-text query among a source's stored items. */
export async function searchStoredItems(db: Db, params: { source: string; query: string }) {
  const { source, query } = params;
  const result = await db.execute(sql`
    SELECT id, title, item_date, legislation_type, official_url, upstream_id, count(*) OVER () ::int AS total
    FROM legal_changes
    WHERE source = ${source} AND search @@ websearch_to_tsquery('english', ${query})
    ORDER BY ts_rank(search, websearch_to_tsquery('english', ${query})) DESC, item_sort_date DESC, id DESC
    LIMIT 20`);
  return rowsOf<StoredRow>(result);
}

/** The newest stored items of these sources. */
export async function recentStoredItems(db: Db, params: { sources: string[]; limit: number }) {
  const result = await db.execute(sql`
    SELECT id, title, item_date, legislation_type, official_url, upstream_id, 0 AS total
    FROM legal_changes
    WHERE source IN ${params.sources}
    ORDER BY item_sort_date DESC, id DESC
    LIMIT ${params.limit}`);
  return rowsOf<StoredRow>(result);
}
