/**
 * A member's page of a list, composed from the pages everyone shares (decision 008): their
 * dismissed items taken out, the page filled up from the shared items after it, their actions
 * set on the items.
 */
import type { DbOrTx } from '#server/db/client';
import type { PreparedAnswer } from '#server/http/composed-answer';
import type { SessionAction } from '#server/plugins/session';
import type { LegalChangeListItem, PagedLegalChanges, UserAction } from '#shared/schemas/legal-changes';
import type { AnswerMadeOf, PageAfter, SharedListPage } from './legal-changes.answers';
import type { LegalChangesReader } from './legal-changes.caches';
import { countDismissed, countMatching } from './legal-changes-counts.queries';
import type { ListFilter } from './legal-changes.filter';
import { presentListItem } from './legal-changes.presenter';
import {
  listPage,
  memberActions,
  sortsBefore,
  type ListMember,
  type MemberActionRow,
  type SortSpec,
} from './legal-changes.queries';

/** A list question: its filters, order and page size. */
export interface ListQuestion {
  filter: ListFilter;
  sort: SortSpec;
  limit: number;
}

/** A member's list question. */
export type MemberListQuestion = ListQuestion & {
  page: number;
  member: ListMember;
  /** the member's actions as read with their session, when it brought them */
  known?: SessionAction[] | null;
};

/** The shared page `page` of a question (`after`: the last item of the page before, when known). */
export type SharedListPages = (page: number, after?: PageAfter) => Promise<SharedListPage>;

/** Shared pages a member's page may walk past their dismissed items before it is read directly. */
const MAX_SHARED_PAGES_WALKED = 8;

/**
 * A member's answer: the answer they were given for the same question while their state and the
 * shared pages it was made of are the same, else one composed anew (and kept when it read
 * nothing of its own from the database).
 */
export async function memberListPrepared(
  reader: LegalChangesReader,
  q: MemberListQuestion,
  /** the question without its page, as the shared pages' keys have it */
  base: string,
  sharedPage: SharedListPages,
): Promise<PreparedAnswer<PagedLegalChanges>> {
  const { memberAnswers, composedLists } = reader.caches;
  const { known, member } = q;
  // the member asking again with the same state, while the same shared pages live: the
  // answer they were given is the answer (a new shared page or state makes a new one)
  const memoKey = `${member.id} ${member.hideDismissed} ${q.page} ${base}`;
  const kept = known && memberAnswers.get(memoKey, known);
  if (kept) {
    let same = true;
    for (const part of kept.parts)
      if ((await sharedPage(part.page, part.after)) !== part.body) {
        same = false;
        break;
      }
    if (same) return { bytes: kept.bytes };
  }
  const made: AnswerMadeOf = { pages: [], readDatabase: false };
  const answer = await memberListAnswer(reader, q, sharedPage, made);
  const bytes = composedLists.compose(answer);
  if (!bytes) return { answer };
  if (known && !made.readDatabase) memberAnswers.set(memoKey, known, made.pages, bytes);
  return { bytes };
}

/**
 * A member's page of a list: the shared pages for the same question, their dismissed items
 * taken out and the page filled up from the shared items after it, and their actions set on
 * the items; one statement of their own (their actions, with whether each dismissed item
 * matches the filters and comes before this page). The same answer as reading the page with
 * the member's actions joined in (`directMemberList`), which answers instead when the member
 * dismissed so many items that the page lies more than a few shared pages further on.
 */
export async function memberListAnswer(
  reader: LegalChangesReader,
  q: MemberListQuestion,
  sharedPage: SharedListPages,
  /** filled in: the shared pages the answer was made of, or that it read the database itself */
  made?: AnswerMadeOf,
): Promise<PagedLegalChanges> {
  const withAction = reader.caches.withAction;
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
    fromSession ??
    (await memberActions(reader.db, q.member.id, { needsMatches: hide, matches: q.filter.where, before }));
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
    const data = first.items.map((item) => withAction.with(item, actions.get(item.id)));
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
      data.push(withAction.with(item, actions.get(item.id)));
    }
    if (!shared.hasMore) break;
    // a full page with none of their dismissed items left to come: the next shared item is theirs
    if (data.length === q.limit && dismissedAhead <= 0) {
      hasMore = true;
      break;
    }
    if (++n - q.page >= MAX_SHARED_PAGES_WALKED) {
      if (made) made.readDatabase = true;
      return directMemberList(reader, q);
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
 * filters are the list filter's own (`ListFilter.matches`), and a dismissed item sorts before
 * the page's first item by (date, id) as the database compares them. Null (read them with a
 * statement) when the list is sorted by title (the database's collation orders titles).
 */
function actionsFromSession(
  q: ListQuestion,
  known: SessionAction[],
  hide: boolean,
  firstItem: LegalChangeListItem | undefined,
  firstKey: string | undefined,
): MemberActionRow[] | null {
  if (hide && firstItem && q.sort.sortBy !== 'date') return null;
  const asc = q.sort.sortOrder === 'asc';
  return known.map((a) => {
    const date = a.itemDate;
    const matches = hide && a.action === 'dismissed' && q.filter.matches(a);
    let before = false;
    if (matches && firstItem && firstKey !== undefined && date !== null) {
      before = asc
        ? date < firstKey || (date === firstKey && a.id < firstItem.id)
        : date > firstKey || (date === firstKey && a.id > firstItem.id);
    }
    return { id: a.id, action: a.action, matches, before };
  });
}

/** The shared total of a filter, kept briefly (it changes only when a sync runs). */
export function sharedTotal(reader: LegalChangesReader, filter: ListFilter): Promise<number> {
  return reader.caches.listTotals.getOrLoad(filter.key, () => countMatching(reader.db, filter.where));
}

/** The total a member sees: the shared total less their dismissed items when those are hidden. */
async function totalForMember(
  reader: LegalChangesReader,
  filter: ListFilter,
  member: ListMember,
): Promise<number> {
  if (!member.hideDismissed) return sharedTotal(reader, filter);
  const [shared, dismissed] = await Promise.all([
    sharedTotal(reader, filter),
    countDismissed(reader.db, member.id, filter.where),
  ]);
  return Math.max(0, shared - dismissed);
}

/** A member's page read with their actions joined in: one page, and the total less their dismissed items. */
export async function directMemberList(
  reader: LegalChangesReader,
  q: ListQuestion & { page: number; member: ListMember },
): Promise<PagedLegalChanges> {
  const db: DbOrTx = reader.db;
  const where = q.filter.where;
  const [{ rows, hasMore }, total] = await Promise.all([
    listPage(db, { where, sort: q.sort, page: q.page, limit: q.limit, member: q.member }),
    totalForMember(reader, q.filter, q.member),
  ]);
  return { data: rows.map(presentListItem), total, hasMore, page: q.page, limit: q.limit };
}
