import { and, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import type { SessionUser } from '#server/plugins/session';
import { SEARCH_RESULT_CAP, TOTAL_COUNT_CAP } from '#shared/constants';
import {
  SEARCH_TERMS_MAX_PAGE_SIZE,
  type LegalChangeSearchResult,
  type SearchLegalChangesQuery,
  type SearchTermMatches,
  type SearchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import { presentSearchItem, presentTermMatch } from './legal-changes-search.presenter';
import {
  activeSearchTerms,
  cappedTotal,
  countCapped,
  hiddenDismissed,
  matchedTermsColumn,
  matchesAnyTerm,
  searchLegalChanges,
  searchMatches,
} from './legal-changes-search.queries';
import {
  countDismissed,
  countSharedUpTo,
  filterConditions,
  listPage,
  sortOrderFor,
  type ListMember,
} from './legal-changes.queries';

const categoryOf = (t: 'all' | 'primary' | 'secondary') => (t === 'all' ? undefined : t);

/**
 * Ranked full-text search; a signed-in member sees their actions and not their dismissed
 * items. One statement, plus a capped count only when the matches fill the ranked set.
 */
export async function searchForMember(
  db: DbOrTx,
  user: SessionUser | null,
  q: SearchLegalChangesQuery,
): Promise<LegalChangeSearchResult> {
  const hiddenTypes = await hiddenItemTypes(db, user);
  const where = filterConditions({
    jurisdictionId: q.jurisdictionId,
    category: categoryOf(q.legislationType),
    hiddenTypes,
  });
  const member = user ? { id: user.id, hideDismissed: !q.includeDismissed } : null;
  const rows = await searchLegalChanges(db, { q: q.q, where, page: q.page, limit: q.limit, member });
  const candidates = rows[0]?.candidateCount;
  const { total, totalCapped } =
    candidates !== undefined && candidates < SEARCH_RESULT_CAP
      ? { total: candidates, totalCapped: false }
      : rows.length === 0 && q.page === 1
        ? { total: 0, totalCapped: false }
        : await countSearchMatches(db, q, where, member, hiddenTypes);
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

/**
 * The total of a search with more matches than the ranked set: the shared count (cached briefly,
 * like the list totals), less the member's dismissed matches. Only a member who dismissed some of
 * more than TOTAL_COUNT_CAP matches needs a count of their own.
 */
async function countSearchMatches(
  db: DbOrTx,
  q: SearchLegalChangesQuery,
  where: SQL | undefined,
  member: ListMember | null,
  hiddenTypes: string[],
): Promise<{ total: number; totalCapped: boolean }> {
  const matches = searchMatches({ q: q.q, where, member: null });
  const key = JSON.stringify(['search', q.q, q.jurisdictionId ?? null, q.legislationType, hiddenTypes]);
  const shared = () => countSharedUpTo(db, key, matches, TOTAL_COUNT_CAP + 1);
  if (!member?.hideDismissed) return cappedTotal(await shared());
  const [all, dismissed] = await Promise.all([shared(), countDismissed(db, member.id, matches)]);
  if (dismissed === 0 || all <= TOTAL_COUNT_CAP) return cappedTotal(Math.max(0, all - dismissed));
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
