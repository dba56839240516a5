import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '#server/db/client';
import { legalChanges } from '#server/db/schema';
import { TtlCache } from '#server/lib/ttl-cache';
import type { ListLegalChangesQuery } from '#shared/schemas/legal-changes';

const lc = legalChanges;

/** Columns a list shows: a short description, never the full text. */
export const listColumns = {
  id: lc.id,
  title: lc.title,
  description: sql<string | null>`left(${lc.description}, 200)`,
  descriptionLength: sql<number>`coalesce(length(${lc.description}), 0)::int`,
  category: lc.category,
  legislationType: lc.legislationType,
  status: lc.status,
  jurisdictionId: lc.jurisdictionId,
  currentStage: lc.currentStage,
  currentHouse: lc.currentHouse,
  currentStageDate: lc.currentStageDate,
  parliamentarySession: lc.parliamentarySession,
  departmentName: lc.departmentName,
  officialUrl: lc.officialUrl,
  consultationStartDate: lc.consultationStartDate,
  consultationEndDate: lc.consultationEndDate,
  proposedDate: lc.proposedDate,
  enactmentDate: lc.enactmentDate,
  effectiveDate: lc.effectiveDate,
  dateLaid: lc.dateLaid,
  itemDate: lc.itemDate,
  lastUpdatedDate: lc.lastUpdatedDate,
  createdAt: lc.createdAt,
};
export type LegalChangeListRow = SelectResultFields<typeof listColumns>;

export interface ListFilter {
  jurisdictionId?: number | undefined;
  category?: 'primary' | 'secondary' | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** extra conditions (owner-scoped exclusions, follow lists, search) */
  extra?: SQL[];
}

export function filterConditions(f: ListFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.jurisdictionId) parts.push(eq(lc.jurisdictionId, f.jurisdictionId));
  if (f.category) parts.push(eq(lc.category, f.category));
  if (f.startDate) parts.push(gte(lc.itemDate, f.startDate));
  if (f.endDate) parts.push(lte(lc.itemDate, f.endDate));
  parts.push(...(f.extra ?? []));
  return parts.length ? and(...parts) : undefined;
}

export interface SortSpec {
  sortBy: 'date' | 'title';
  sortOrder: 'asc' | 'desc';
}

export function sortOrderFor(q: Pick<ListLegalChangesQuery, 'sortBy' | 'sortOrder'>): SortSpec {
  return { sortBy: q.sortBy, sortOrder: q.sortOrder ?? (q.sortBy === 'title' ? 'asc' : 'desc') };
}

function sortKey(s: SortSpec): SQL {
  return s.sortBy === 'title' ? sql`lower(${lc.title})` : sql`${lc.itemDate}`;
}

function orderBy(s: SortSpec): SQL[] {
  const dir = s.sortOrder === 'asc' ? asc : desc;
  return [dir(sortKey(s)), dir(lc.id)];
}

/**
 * One page of a list, by keyset seek: the page's first key is found by walking the
 * (index-only) sort index, then the page itself is read from that key. Deep pages cost
 * about what page 1 costs, unlike OFFSET over full rows.
 */
export async function listPage(
  db: DbOrTx,
  where: SQL | undefined,
  sort: SortSpec,
  page: number,
  limit: number,
): Promise<{ rows: LegalChangeListRow[]; hasMore: boolean }> {
  let seek: SQL | undefined;
  if (page > 1) {
    const [boundary] = await db
      .select({ key: sql<string>`${sortKey(sort)}`.as('key'), id: lc.id })
      .from(lc)
      .where(where)
      .orderBy(...orderBy(sort))
      .offset((page - 1) * limit - 1)
      .limit(1);
    if (!boundary) return { rows: [], hasMore: false };
    seek =
      sort.sortOrder === 'asc'
        ? sql`(${sortKey(sort)}, ${lc.id}) > (${boundary.key}, ${boundary.id})`
        : sql`(${sortKey(sort)}, ${lc.id}) < (${boundary.key}, ${boundary.id})`;
  }
  const rows = await db
    .select(listColumns)
    .from(lc)
    .where(seek ? and(where, seek) : where)
    .orderBy(...orderBy(sort))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

const totals = new TtlCache<number>(30_000, 2000);

/** Totals of shared (not member-specific) filters change only when a sync runs: cache briefly. */
export async function countShared(db: DbOrTx, key: string, where: SQL | undefined): Promise<number> {
  return totals.getOrLoad(key, async () => {
    const [row] = await db.select({ n: count() }).from(lc).where(where);
    return row?.n ?? 0;
  });
}

export function clearListTotals(): void {
  totals.clear();
}

export async function getLegalChangeById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      description: lc.description,
      longTitle: lc.longTitle,
      currentStageShowFrom: lc.currentStageShowFrom,
      scottishBillReference: lc.scottishBillReference,
      shortName: lc.shortName,
      thirdPartyOrganisation: lc.thirdPartyOrganisation,
      legislationYear: lc.legislationYear,
      legislationNumber: lc.legislationNumber,
      isbn: lc.isbn,
      siNumber: lc.siNumber,
      procedureName: lc.procedureName,
      enabledBy: lc.enabledBy,
      governmentBodyName: lc.governmentBodyName,
      governmentBodyType: lc.governmentBodyType,
      subject: lc.subject,
      isDraft: lc.isDraft,
      madeDate: lc.madeDate,
      source: lc.source,
    })
    .from(lc)
    .where(eq(lc.id, id));
  return row ?? null;
}
