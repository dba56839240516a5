import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, userActions } from '#server/db/schema';
import type { ListLegalChangesQuery, UserAction } from '#shared/schemas/legal-changes';

const lc = legalChanges;
const ua = userActions;

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
  itemDateKind: lc.itemDateKind,
  lastUpdatedDate: lc.lastUpdatedDate,
  createdAt: lc.createdAt,
};
export type LegalChangeListRow = SelectResultFields<typeof listColumns> & { userAction: UserAction | null };

/** Whose actions a list shows, and whether their dismissed items are left out. */
export interface ListMember {
  id: number;
  hideDismissed: boolean;
}

/** The member's action on each row: joined on user_actions' unique (user, item) key, never one query per row. */
const memberActionJoin = (memberId: number) => and(eq(ua.legalChangeId, lc.id), eq(ua.userId, memberId));
const notDismissed = sql`${ua.action} is distinct from 'dismissed'`;
const notDismissedIds = (memberId: number) =>
  sql`${lc.id} <> all(array(select ${ua.legalChangeId} from ${ua} where ${ua.userId} = ${memberId} and ${ua.action} = 'dismissed'))`;
const noAction = sql<UserAction | null>`null::text`;

/** Adds the member's action LEFT JOIN to a select over legal_changes (selections name their columns). */
export function joinMemberActions<T extends PgSelect>(qb: T, member: ListMember | null): T {
  return member ? (qb.leftJoin(ua, memberActionJoin(member.id)) as unknown as T) : qb;
}

/** The list columns plus the member's action (null when signed out). */
export function memberListColumns(member: ListMember | null) {
  return { ...listColumns, userAction: member ? sql<UserAction | null>`${ua.action}` : noAction };
}

/** One condition of a list filter on an item's field (see legal-changes.filter.ts); a null field never matches. */
export type FilterCondition =
  | { field: 'jurisdictionId'; op: 'eq'; value: number }
  | { field: 'category'; op: 'eq'; value: string }
  | { field: 'itemDate'; op: 'gte' | 'lte'; value: string }
  | { field: 'legislationType'; op: 'notIn'; values: readonly string[]; set: ReadonlySet<string> };

const filterColumns = {
  jurisdictionId: lc.jurisdictionId,
  category: lc.category,
  itemDate: lc.itemDate,
  legislationType: lc.legislationType,
};

/** A list filter's conditions (legal-changes.filter.ts) as SQL, with `extra` conditions after them. */
export function filterSql(
  conditions: readonly FilterCondition[],
  extra: readonly SQL[] = [],
): SQL | undefined {
  const parts: SQL[] = [];
  for (const c of conditions) {
    const column = filterColumns[c.field];
    if (c.field !== 'legislationType') {
      const compare = c.op === 'eq' ? eq : c.op === 'gte' ? gte : lte;
      parts.push(compare(column, c.value));
    } else
      parts.push(
        sql`${column} <> all(array[${sql.join(
          c.values.map((code) => sql`${code}`),
          sql`, `,
        )}]::text[])`,
      );
  }
  parts.push(...extra);
  return parts.length ? and(...parts) : undefined;
}

export interface SortSpec {
  sortBy: 'date' | 'title';
  sortOrder: 'asc' | 'desc';
}

export function sortOrderFor(q: Pick<ListLegalChangesQuery, 'sortBy' | 'sortOrder'>): SortSpec {
  return { sortBy: q.sortBy, sortOrder: q.sortOrder ?? (q.sortBy === 'title' ? 'asc' : 'desc') };
}

export function sortKey(s: SortSpec): SQL {
  // the date sort: the item's legal date, the undated after every dated item when newest first
  return s.sortBy === 'title' ? sql`lower(${lc.title})` : sql`${lc.itemSortDate}`;
}

function orderBy(s: SortSpec): SQL[] {
  const dir = s.sortOrder === 'asc' ? asc : desc;
  return [dir(sortKey(s)), dir(lc.id)];
}

export interface ListPageParams {
  where: SQL | undefined;
  sort: SortSpec;
  page: number;
  limit: number;
  member: ListMember | null;
  /** more columns computed for the page's rows only */
  extraColumns?: Record<string, SQL>;
  /** the last row of the page before (for a reader who has it, instead of finding it by the index) */
  after?: { key: string; id: number } | undefined;
}

/**
 * One page of a list, by keyset seek: the page's first key is found by walking the
 * (index-only) sort index, then the page itself is read from that key. Deep pages cost
 * about what page 1 costs, unlike OFFSET over full rows, signed in or not. A signed-in
 * member's action on each of the page's rows comes from a LEFT JOIN, and their dismissed items
 * can be left out.
 */
export async function listPage(
  db: DbOrTx,
  p: ListPageParams,
): Promise<{ rows: (LegalChangeListRow & Record<string, unknown>)[]; hasMore: boolean }> {
  const { sort, page, limit, member } = p;
  const where = member?.hideDismissed ? and(p.where, notDismissed) : p.where;
  const withMember = <T extends PgSelect>(qb: T): T => joinMemberActions(qb, member);
  let seek: SQL | undefined;
  if (page > 1 && p.after) {
    seek = sortsAfter(sort, p.after.key, p.after.id);
  } else if (page > 1) {
    // the boundary needs no member actions: their dismissed items are left out by id (a short
    // list read once), so the walk stays on the sort index instead of a join for every row passed
    const [boundary] = await db
      .select({ key: sql<string>`${sortKey(sort)}`.as('key'), id: lc.id })
      .from(lc)
      .where(member?.hideDismissed ? and(p.where, notDismissedIds(member.id)) : p.where)
      .orderBy(...orderBy(sort))
      .offset((page - 1) * limit - 1)
      .limit(1);
    if (!boundary) return { rows: [], hasMore: false };
    seek =
      sort.sortOrder === 'asc'
        ? sql`(${sortKey(sort)}, ${lc.id}) > (${boundary.key}, ${boundary.id})`
        : sql`(${sortKey(sort)}, ${lc.id}) < (${boundary.key}, ${boundary.id})`;
  }
  const rows = await withMember(
    db
      .select({ ...memberListColumns(member), ...p.extraColumns })
      .from(lc)
      .$dynamic(),
  )
    .where(seek ? and(where, seek) : where)
    .orderBy(...orderBy(sort))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Rows that come after (`key`, `id`) in the sort order `s`. */
function sortsAfter(s: SortSpec, key: string, id: number): SQL {
  return s.sortOrder === 'asc'
    ? sql`(${sortKey(s)}, ${lc.id}) > (${key}, ${id})`
    : sql`(${sortKey(s)}, ${lc.id}) < (${key}, ${id})`;
}

/** Rows that come before (`key`, `id`) in the sort order `s`. */
export function sortsBefore(s: SortSpec, key: string, id: number): SQL {
  return s.sortOrder === 'asc'
    ? sql`(${sortKey(s)}, ${lc.id}) < (${key}, ${id})`
    : sql`(${sortKey(s)}, ${lc.id}) > (${key}, ${id})`;
}

export interface MemberActionRow {
  id: number;
  action: UserAction;
  /** a dismissed item matches the question's filters (false when not asked, and for a follow) */
  matches: boolean;
  /** a dismissed item sorts before the page's first shared item (false when not asked, and for a follow) */
  before: boolean;
}

/**
 * Every action of one member (their follows and dismissals), in one statement on
 * user_actions' (user, item) key: with `matches`, whether each item matches a question's
 * filters, and with `before`, whether it sorts before a page's first item (each dismissed
 * item's row is read by its primary key for those, and only for those; a follow is never left
 * out, so its row is not needed).
 */
export async function memberActions(
  db: DbOrTx,
  memberId: number,
  ask: { matches?: SQL | undefined; before?: SQL | undefined; needsMatches: boolean },
): Promise<MemberActionRow[]> {
  if (!ask.needsMatches && !ask.before) {
    return db
      .select({
        id: ua.legalChangeId,
        action: ua.action,
        matches: sql<boolean>`false`,
        before: sql<boolean>`false`,
      })
      .from(ua)
      .where(eq(ua.userId, memberId));
  }
  const matches = ask.needsMatches ? (ask.matches ?? sql`true`) : sql`false`;
  return db
    .select({
      id: ua.legalChangeId,
      action: ua.action,
      matches: sql<boolean>`coalesce((${matches}), false)`,
      before: sql<boolean>`coalesce((${ask.before ?? sql`false`}), false)`,
    })
    .from(ua)
    .leftJoin(lc, and(eq(lc.id, ua.legalChangeId), eq(ua.action, 'dismissed')))
    .where(eq(ua.userId, memberId));
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
      snapshotTakenAt: lc.snapshotTakenAt,
    })
    .from(lc)
    .where(eq(lc.id, id));
  return row ?? null;
}
