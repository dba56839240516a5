/** Ranked full-text search read directly from the database, and its totals. */
import { SEARCH_RESULT_CAP, TOTAL_COUNT_CAP } from '#shared/constants';
import type { LegalChangeSearchResult, SearchLegalChangesQuery } from '#shared/schemas/legal-changes';
import type { LegalChangesReader } from './legal-changes.caches';
import { countDismissed, countUpTo } from './legal-changes-counts.queries';
import { ListFilter } from './legal-changes.filter';
import type { ListMember } from './legal-changes.queries';
import { presentSearchItem } from './legal-changes-search.presenter';
import { cappedTotal, countCapped, searchLegalChanges, searchMatches } from './legal-changes-search.queries';

export const categoryOf = (t: 'all' | 'primary' | 'secondary') => (t === 'all' ? undefined : t);

/** A search question: the words, and the filters every reader of the same answer shares. */
export interface SearchQuestion {
  q: SearchLegalChangesQuery;
  hiddenTypes: string[];
  filter: ListFilter;
}

export function searchQuestion(q: SearchLegalChangesQuery, hiddenTypes: string[]): SearchQuestion {
  const filter = new ListFilter({
    jurisdictionId: q.jurisdictionId,
    category: categoryOf(q.legislationType),
    hiddenTypes,
  });
  return { q, hiddenTypes, filter };
}

/**
 * Ranked full-text search read directly; a signed-in member sees their actions and not their
 * dismissed items. One statement, plus a capped count only when the matches fill the ranked set.
 */
export async function searchDirect(
  reader: LegalChangesReader,
  s: SearchQuestion,
  member: ListMember | null,
): Promise<LegalChangeSearchResult> {
  const { q } = s;
  const where = s.filter.where;
  const rows = await searchLegalChanges(reader.db, { q: q.q, where, page: q.page, limit: q.limit, member });
  const candidates = rows[0]?.candidateCount;
  const { total, totalCapped } =
    candidates !== undefined && candidates < SEARCH_RESULT_CAP
      ? { total: candidates, totalCapped: false }
      : rows.length === 0 && q.page === 1
        ? { total: 0, totalCapped: false }
        : await countSearchMatches(reader, s, member);
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

/** Matches counted past TOTAL_COUNT_CAP, so a member's dismissed ones can be taken off a shared count. */
const COUNT_SPARE = 1000;

/**
 * The total of a search with more matches than the ranked set: the shared count (kept briefly,
 * like the list totals; counted COUNT_SPARE past TOTAL_COUNT_CAP), less the member's dismissed
 * matches (`dismissed` when already known). Only a member who dismissed more than COUNT_SPARE
 * of more than TOTAL_COUNT_CAP matches needs a count of their own.
 */
export async function countSearchMatches(
  reader: LegalChangesReader,
  s: SearchQuestion,
  member: ListMember | null,
  dismissed?: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const { db, caches } = reader;
  const { q, hiddenTypes } = s;
  const where = s.filter.where;
  const matches = searchMatches({ q: q.q, where, member: null });
  const key = JSON.stringify(['search', q.q, q.jurisdictionId ?? null, q.legislationType, hiddenTypes]);
  const limit = TOTAL_COUNT_CAP + 1 + COUNT_SPARE;
  // like the list totals, a search's count changes only when a sync runs
  const shared = () => caches.searchTotals.getOrLoad(`${limit} ${key}`, () => countUpTo(db, matches, limit));
  if (!member?.hideDismissed) return cappedTotal(await shared());
  const [all, mine] = await Promise.all([shared(), dismissed ?? countDismissed(db, member.id, matches)]);
  // counted exactly, or so far past the cap that the member's total is past it too
  if (all < limit || mine <= COUNT_SPARE) return cappedTotal(Math.max(0, all - mine));
  return countCapped(db, searchMatches({ q: q.q, where, member }));
}
