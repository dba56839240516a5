import { and, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import type { SessionAction, SessionUser } from '#server/plugins/session';
import { SEARCH_RESULT_CAP, TOTAL_COUNT_CAP } from '#shared/constants';
import {
  SEARCH_TERMS_MAX_PAGE_SIZE,
  type LegalChangeSearchItem,
  type LegalChangeSearchResult,
  type SearchLegalChangesQuery,
  type SearchTermMatches,
  type SearchTermMatchesQuery,
  type UserAction,
} from '#shared/schemas/legal-changes';
import { presentSearchItem, presentTermMatch } from './legal-changes-search.presenter';
import {
  activeSearchTerms,
  cappedTotal,
  countCapped,
  hiddenDismissed,
  matchedTermsColumn,
  matchesAnyTerm,
  RANKING_SPARE,
  rankedCandidates,
  searchLegalChanges,
  searchRowsByIds,
  searchMatches,
} from './legal-changes-search.queries';
import {
  countDismissed,
  countSharedUpTo,
  filterConditions,
  listPage,
  memberActions,
  sortOrderFor,
  type ListMember,
} from './legal-changes.queries';
import { withAction } from './legal-changes.service';

const categoryOf = (t: 'all' | 'primary' | 'secondary') => (t === 'all' ? undefined : t);

/** A search question: the words, and the filters every reader of the same answer shares. */
export interface SearchQuestion {
  q: SearchLegalChangesQuery;
  hiddenTypes: string[];
  where: SQL | undefined;
}

export function searchQuestion(q: SearchLegalChangesQuery, hiddenTypes: string[]): SearchQuestion {
  const where = filterConditions({
    jurisdictionId: q.jurisdictionId,
    category: categoryOf(q.legislationType),
    hiddenTypes,
  });
  return { q, hiddenTypes, where };
}

/**
 * Ranked full-text search read directly; a signed-in member sees their actions and not their
 * dismissed items. One statement, plus a capped count only when the matches fill the ranked set.
 */
export async function searchDirect(
  db: DbOrTx,
  s: SearchQuestion,
  member: ListMember | null,
): Promise<LegalChangeSearchResult> {
  const { q, where } = s;
  const rows = await searchLegalChanges(db, { q: q.q, where, page: q.page, limit: q.limit, member });
  const candidates = rows[0]?.candidateCount;
  const { total, totalCapped } =
    candidates !== undefined && candidates < SEARCH_RESULT_CAP
      ? { total: candidates, totalCapped: false }
      : rows.length === 0 && q.page === 1
        ? { total: 0, totalCapped: false }
        : await countSearchMatches(db, s, member);
  // keys in the response schema's order: the answer is serialized as it is (see http/serializer)
  return {
    data: rows.map(presentSearchItem),
    total,
    hasMore: (q.page - 1) * q.limit + rows.length < Math.min(total, SEARCH_RESULT_CAP),
    page: q.page,
    limit: q.limit,
    totalCapped,
    resultCap: SEARCH_RESULT_CAP,
  };
}

/** Ranked search for a reader: signed-out answers and members' answers alike read directly. */
export async function searchForMember(
  db: DbOrTx,
  user: SessionUser | null,
  q: SearchLegalChangesQuery,
): Promise<LegalChangeSearchResult> {
  const member = user ? { id: user.id, hideDismissed: !q.includeDismissed } : null;
  return searchDirect(db, searchQuestion(q, await hiddenItemTypes(db, user)), member);
}

/** Matches counted past TOTAL_COUNT_CAP, so a member's dismissed ones can be taken off a shared count. */
const COUNT_SPARE = 1000;

/**
 * The total of a search with more matches than the ranked set: the shared count (cached briefly,
 * like the list totals; counted COUNT_SPARE past TOTAL_COUNT_CAP), less the member's dismissed
 * matches (`dismissed` when already known). Only a member who dismissed more than COUNT_SPARE
 * of more than TOTAL_COUNT_CAP matches needs a count of their own.
 */
export async function countSearchMatches(
  db: DbOrTx,
  s: SearchQuestion,
  member: ListMember | null,
  dismissed?: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const { q, where, hiddenTypes } = s;
  const matches = searchMatches({ q: q.q, where, member: null });
  const key = JSON.stringify(['search', q.q, q.jurisdictionId ?? null, q.legislationType, hiddenTypes]);
  const limit = TOTAL_COUNT_CAP + 1 + COUNT_SPARE;
  const shared = () => countSharedUpTo(db, key, matches, limit);
  if (!member?.hideDismissed) return cappedTotal(await shared());
  const [all, mine] = await Promise.all([shared(), dismissed ?? countDismissed(db, member.id, matches)]);
  // counted exactly, or so far past the cap that the member's total is past it too
  if (all < limit || mine <= COUNT_SPARE) return cappedTotal(Math.max(0, all - mine));
  return countCapped(db, searchMatches({ q: q.q, where, member }));
}

/** Items matching any of the member's active search terms, newest first by default. */
export async function termMatchesForMember(
  db: DbOrTx,
  user: SessionUser,
  q: SearchTermMatchesQuery,
): Promise<SearchTermMatches> {
  const limit = Math.min(q.limit, SEARCH_TERMS_MAX_PAGE_SIZE);
  const terms = await activeSearchTerms(db, user.id);
  if (terms.length === 0) {
    return {
      data: [],
      total: 0,
      hasMore: false,
      page: q.page,
      limit,
      totalCapped: false,
      activeTermCount: 0,
    };
  }
  const where = filterConditions({
    jurisdictionId: q.jurisdictionId,
    category: categoryOf(q.legislationType),
    hiddenTypes: await hiddenItemTypes(db, user),
    extra: [matchesAnyTerm(terms)],
  });
  const member = { id: user.id, hideDismissed: !q.includeDismissed };
  const [{ rows, hasMore }, counted] = await Promise.all([
    listPage(db, {
      where,
      sort: sortOrderFor(q),
      page: q.page,
      limit,
      member,
      extraColumns: { matchedTerms: matchedTermsColumn(terms) },
    }),
    countCapped(db, and(where, hiddenDismissed(member))),
  ]);
  return {
    data: rows.map((r) => presentTermMatch(r, r.matchedTerms as string[])),
    total: counted.total,
    hasMore,
    page: q.page,
    limit,
    totalCapped: counted.totalCapped,
    activeTermCount: terms.length,
  };
}

/** One page of a search as everyone sees it (no member's actions), shared for a few seconds. */
export interface SharedSearchPage {
  result: LegalChangeSearchResult;
  /** the signed-out answer, serialized once when first asked for */
  bytes: Buffer | null;
}

/**
 * The candidates of a search in rank order, shared like the pages, for members who dismissed
 * some: the ranked set and RANKING_SPARE matches past it (with their items, which no page holds).
 */
export interface SharedRanking {
  /** rank order */
  ids: number[];
  /** each id's place by date (1 = newest) */
  byDate: Map<number, number>;
  /** the ids newest first */
  newestFirst: number[];
  /** each ranked-set id's place in the shared pages laid end to end */
  places: Map<number, number>;
  /** the items past the ranked set */
  spare: Map<number, LegalChangeSearchItem>;
}

export async function loadSharedSearchPage(db: DbOrTx, s: SearchQuestion): Promise<SharedSearchPage> {
  return { result: await searchDirect(db, s, null), bytes: null };
}

export async function loadSharedRanking(db: DbOrTx, s: SearchQuestion): Promise<SharedRanking> {
  const rows = await rankedCandidates(db, { q: s.q.q, where: s.where });
  const byDate = new Map(rows.map((r) => [r.id, r.byDate]));
  const places = new Map<number, number>();
  const spareIds: number[] = [];
  for (const r of rows) {
    if (r.byDate <= SEARCH_RESULT_CAP) places.set(r.id, places.size);
    else spareIds.push(r.id);
  }
  const spareRows = await searchRowsByIds(db, s.q.q, spareIds);
  return {
    ids: rows.map((r) => r.id),
    byDate,
    newestFirst: rows.map((r) => r.id).sort((a, b) => byDate.get(a)! - byDate.get(b)!),
    places,
    spare: new Map(spareRows.map((r) => [r.id, presentSearchItem(r)])),
  };
}

export interface SharedSearch {
  /** the question without its page: the words, the filters, the legislation types left out */
  key: string;
  page: (page: number) => Promise<SharedSearchPage>;
  ranking: () => Promise<SharedRanking>;
}

/** Each shared ranking's member rankings, by the member's state they were made from. */
const memberRankings = new WeakMap<SharedRanking, WeakMap<object, number[] | null>>();

/**
 * The member's ranked set in the shared rank order: the newest SEARCH_RESULT_CAP of the shared
 * ranking's matches less their dismissed ones; null when they dismissed more of the newest
 * matches than the shared ranking holds past its ranked set. Made once per shared ranking and
 * state of the member (`state`: the object their dismissed matches were read into, the same
 * while their state does not change).
 */
function memberRanking(ranking: SharedRanking, dismissed: Set<number>, state: object): number[] | null {
  let byState = memberRankings.get(ranking);
  if (!byState) memberRankings.set(ranking, (byState = new WeakMap()));
  const known = byState.get(state);
  if (known !== undefined) return known;
  let cutoff = Infinity;
  let counted = 0;
  for (const id of ranking.newestFirst) {
    if (dismissed.has(id)) continue;
    if (++counted === SEARCH_RESULT_CAP) {
      cutoff = ranking.byDate.get(id)!;
      break;
    }
  }
  const mine =
    cutoff === Infinity && ranking.ids.length >= SEARCH_RESULT_CAP + RANKING_SPARE
      ? null
      : ranking.ids.filter((id) => !dismissed.has(id) && ranking.byDate.get(id)! <= cutoff);
  byState.set(state, mine);
  return mine;
}

/**
 * A member's search answer: the shared answer for the same question with their actions set on
 * its items, in one statement of their own (their actions, with whether each dismissed item
 * matches). When they dismissed some of the matches, their ranked set is the newest
 * SEARCH_RESULT_CAP of the shared ranking's matches less those (the shared ranking holds
 * RANKING_SPARE matches past its own ranked set for this), in the shared rank order, and their
 * page is picked from the shared pages; the total is less their dismissed matches. The same
 * answer as ranking with their dismissed items left out (`searchDirect`), which answers instead
 * when they dismissed more than RANKING_SPARE of the newest matches.
 */
export async function memberSearchAnswer(
  db: DbOrTx,
  s: SearchQuestion,
  member: ListMember,
  shared: SharedSearch,
  known?: SessionAction[] | null,
  /** keeps what is read for the member while their state does not change (by the question's key) */
  remember?: <T>(key: string, load: () => Promise<T>) => Promise<T>,
): Promise<LegalChangeSearchResult> {
  const { q } = s;
  const hide = member.hideDismissed;
  // read with their session: enough unless some dismissed item might match (a text search)
  const fromSession =
    known && (!hide || !known.some((a) => a.action === 'dismissed'))
      ? known.map((a) => ({ id: a.id, action: a.action, matches: false, before: false }))
      : null;
  const [first, state] = await Promise.all([
    shared.page(q.page),
    fromSession ??
      (remember ?? ((_key, load) => load()))(`search ${hide} ${shared.key}`, () =>
        memberActions(db, member.id, {
          needsMatches: hide,
          matches: hide ? searchMatches({ q: q.q, where: s.where, member: null }) : undefined,
        }),
      ),
  ]);
  const actions = new Map<number, UserAction>();
  const dismissed = new Set<number>();
  for (const r of state) {
    actions.set(r.id, r.action);
    if (hide && r.action === 'dismissed' && r.matches) dismissed.add(r.id);
  }
  const withActions = (items: LegalChangeSearchItem[]) =>
    items.map((item) => withAction(item, actions.get(item.id)));
  if (dismissed.size === 0) return { ...first.result, data: withActions(first.result.data) };
  const ranking = await shared.ranking();
  const mine = memberRanking(ranking, dismissed, state);
  // they dismissed more of the newest matches than the shared ranking holds past its ranked set
  if (!mine) return searchDirect(db, s, member);
  const wanted = mine.slice((q.page - 1) * q.limit, q.page * q.limit);
  const pageNumbers = new Set<number>();
  for (const id of wanted) {
    const place = ranking.places.get(id);
    if (place !== undefined) pageNumbers.add(Math.floor(place / q.limit) + 1);
  }
  const pages = await Promise.all([...pageNumbers].map((n) => (n === q.page ? first : shared.page(n))));
  const byId = new Map<number, LegalChangeSearchItem>();
  for (const p of pages) for (const item of p.result.data) byId.set(item.id, item);
  const items: LegalChangeSearchItem[] = [];
  for (const id of wanted) {
    const item = byId.get(id) ?? ranking.spare.get(id);
    // the shared pages were read at another moment than the ranking (a sync in between)
    if (!item) return searchDirect(db, s, member);
    items.push(item);
  }
  const { total, totalCapped } =
    mine.length < SEARCH_RESULT_CAP
      ? { total: mine.length, totalCapped: false }
      : await countSearchMatches(db, s, member, dismissed.size);
  return {
    ...first.result,
    data: withActions(items),
    total,
    hasMore: (q.page - 1) * q.limit + items.length < Math.min(total, SEARCH_RESULT_CAP),
    totalCapped,
  };
}
