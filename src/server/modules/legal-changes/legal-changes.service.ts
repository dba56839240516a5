import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { SessionAction } from '#server/plugins/session';
import type { LegalChangeListItem, PagedLegalChanges, UserAction } from '#shared/schemas/legal-changes';
import { presentListItem } from './legal-changes.presenter';
import {
  countForMember,
  countShared,
  listPage,
  memberActions,
  sortKey,
  type MemberActionRow,
  sortsBefore,
  type ListMember,
  type SortSpec,
} from './legal-changes.queries';

/**
 * One page of a list as everyone sees it (no member's actions): shared between readers for a
 * few seconds. A member's page is composed from it (see memberListAnswer).
 */
export interface SharedListPage {
  items: LegalChangeListItem[];
  /** each item's sort key as the database compares it (the date, or the lower-cased title) */
  keys: string[];
  total: number;
  hasMore: boolean;
  /** the signed-out answer, serialized once when first asked for */
  bytes: Buffer | null;
}

/** The filters of a list question, as values (a member's dismissed items are checked against them). */
export interface ListFilterValues {
  jurisdictionId?: number | undefined;
  category?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  hiddenTypes?: string[] | undefined;
}

export interface ListQuestion {
  /** the same filters as `where`, when the reader has them as values */
  filter?: ListFilterValues;
  where: SQL | undefined;
  sort: SortSpec;
  limit: number;
  /** the shared total's cache key (the filter) */
  countKey: string;
}

/** A shared page; `after`: the last item of the page before, when the reader has it. */
export async function loadSharedListPage(
  db: DbOrTx,
  q: ListQuestion,
  page: number,
  after?: { key: string; id: number },
): Promise<SharedListPage> {
  const [{ rows, hasMore }, total] = await Promise.all([
    listPage(db, {
      where: q.where,
      sort: q.sort,
      page,
      limit: q.limit,
      member: null,
      extraColumns: { sortKey: sql`${sortKey(q.sort)}` },
      after,
    }),
    countShared(db, q.countKey, q.where),
  ]);
  return {
    items: rows.map(presentListItem),
    keys: rows.map((r) => String(r.sortKey)),
    total,
    hasMore,
    bytes: null,
  };
}

/** Each shared item's copies with an action on it, made once while the item lives. */
const copiesWithAction = new WeakMap<object, Map<UserAction, object>>();

/**
 * A shared item with the member's action on it; the shared item itself is never changed. The
 * copy is made once per item and action, so every member with that action on it gets the same
 * object (and the same bytes, see http/composed-answer.ts).
 */
export function withAction<T extends { userAction: UserAction | null }>(
  item: T,
  action: UserAction | undefined,
): T {
  if (!action || action === item.userAction) return item;
  let copies = copiesWithAction.get(item);
  if (!copies) copiesWithAction.set(item, (copies = new Map()));
  let copy = copies.get(action) as T | undefined;
  if (!copy) copies.set(action, (copy = { ...item, userAction: action }));
  return copy;
}

/** What a member's answer was made of (see `memberListAnswer`). */
export interface AnswerMadeOf {
  pages: { page: number; after?: { key: string; id: number }; body: SharedListPage }[];
  readDatabase: boolean;
}

/** Shared pages a member's page may walk past their dismissed items before it is read directly. */
const MAX_SHARED_PAGES_WALKED = 8;

/**
 * A member's page of a list: the shared pages for the same question, their dismissed items
 * taken out and the page filled up from the shared items after it, and their actions set on
 * the items; one statement of their own (their actions, with whether each dismissed item
 * matches the filters and comes before this page). The same answer as reading the page with
 * the member's actions joined in (`directMemberList`), which answers instead when the member
 * dismissed so many items that the page lies more than a few shared pages further on.
 */
export async function memberListAnswer(
  db: DbOrTx,
  q: ListQuestion & { page: number; member: ListMember; known?: SessionAction[] | null },
  sharedPage: (page: number, after?: { key: string; id: number }) => Promise<SharedListPage>,
  /** filled in: the shared pages the answer was made of, or that it read the database itself */
  made?: AnswerMadeOf,
): Promise<PagedLegalChanges> {
  const hide = q.member.hideDismissed;
  const asked = sharedPage(q.page);
  // a member who dismissed items nearly always needs the next shared page too (their page starts
  // later by the dismissed items before it): both are asked for at once, not one after the other
  if (hide && (q.known ? q.known.some((a) => a.action === 'dismissed') : true))
    sharedPage(q.page + 1).catch(() => undefined);
  const first = await asked;
  made?.pages.push({ page: q.page, body: first });
  const firstItem = first.items[0];
  const before =
    hide && q.page > 1 && firstItem ? sortsBefore(q.sort, first.keys[0]!, firstItem.id) : undefined;
  const fromSession =
    q.known && actionsFromSession(q, q.known, hide, q.page > 1 ? firstItem : undefined, first.keys[0]);
  if (!fromSession && made) made.readDatabase = true;
  const state =
    fromSession ?? (await memberActions(db, q.member.id, { needsMatches: hide, matches: q.where, before }));
  const actions = new Map<number, UserAction>();
  const dismissed = new Set<number>();
  let dismissedBefore = 0;
  for (const r of state) {
    actions.set(r.id, r.action);
    if (hide && r.action === 'dismissed' && r.matches) {
      dismissed.add(r.id);
      if (r.before) dismissedBefore++;
    }
  }
  const total = hide ? Math.max(0, first.total - dismissed.size) : first.total;
  if (dismissed.size === 0) {
    const data = first.items.map((item) => withAction(item, actions.get(item.id)));
    return { data, total, hasMore: first.hasMore, page: q.page, limit: q.limit };
  }
  // the shared items from this page's position on, less the member's dismissed ones: as many
  // shared items come first as the member dismissed before it (their page starts that much later)
  const data: LegalChangeListItem[] = [];
  let skip = dismissedBefore;
  let dismissedAhead = dismissed.size - dismissedBefore;
  let hasMore = false;
  let shared = first;
  let n = q.page;
  walk: for (;;) {
    for (const item of shared.items) {
      if (dismissed.has(item.id)) {
        dismissedAhead--;
        continue;
      }
      if (skip > 0) {
        skip--;
        continue;
      }
      if (data.length === q.limit) {
        hasMore = true;
        break walk;
      }
      data.push(withAction(item, actions.get(item.id)));
    }
    if (!shared.hasMore) break;
    // a full page with none of their dismissed items left to come: the next shared item is theirs
    if (data.length === q.limit && dismissedAhead <= 0) {
      hasMore = true;
      break;
    }
    if (++n - q.page >= MAX_SHARED_PAGES_WALKED) {
      if (made) made.readDatabase = true;
      return directMemberList(db, q);
    }
    const last = shared.items.length - 1;
    const after = { key: shared.keys[last]!, id: shared.items[last]!.id };
    shared = await sharedPage(n, after);
    made?.pages.push({ page: n, after, body: shared });
  }
  return { data, total, hasMore, page: q.page, limit: q.limit };
}

/**
 * The member's actions as `memberActions` reads them, from those read with their session: the
 * filters are the same comparisons as `filterConditions` makes, and a dismissed item sorts
 * before the page's first item by (date, id) as the database compares them. Null (read them
 * with a statement) when the session did not bring them or the list is sorted by title (the
 * database's collation orders titles).
 */
function actionsFromSession(
  q: ListQuestion,
  known: SessionAction[],
  hide: boolean,
  firstItem: LegalChangeListItem | undefined,
  firstKey: string | undefined,
): MemberActionRow[] | null {
  const f = q.filter;
  if (!f || (hide && firstItem && q.sort.sortBy !== 'date')) return null;
  const hidden = f.hiddenTypes?.length ? new Set(f.hiddenTypes) : null;
  const asc = q.sort.sortOrder === 'asc';
  return known.map((a) => {
    const date = a.itemDate;
    const matches =
      hide &&
      a.action === 'dismissed' &&
      (!f.jurisdictionId || a.jurisdictionId === f.jurisdictionId) &&
      (!f.category || a.category === f.category) &&
      (!f.startDate || (date !== null && date >= f.startDate)) &&
      (!f.endDate || (date !== null && date <= f.endDate)) &&
      (!hidden || (a.legislationType !== null && !hidden.has(a.legislationType)));
    let before = false;
    if (matches && firstItem && firstKey !== undefined && date !== null) {
      before = asc
        ? date < firstKey || (date === firstKey && a.id < firstItem.id)
        : date > firstKey || (date === firstKey && a.id > firstItem.id);
    }
    return { id: a.id, action: a.action, matches, before };
  });
}

/** A member's page read with their actions joined in: one page, and the total less their dismissed items. */
export async function directMemberList(
  db: DbOrTx,
  q: ListQuestion & { page: number; member: ListMember },
): Promise<PagedLegalChanges> {
  const [{ rows, hasMore }, total] = await Promise.all([
    listPage(db, { where: q.where, sort: q.sort, page: q.page, limit: q.limit, member: q.member }),
    countForMember(db, q.countKey, q.where, q.member),
  ]);
  return { data: rows.map(presentListItem), total, hasMore, page: q.page, limit: q.limit };
}
