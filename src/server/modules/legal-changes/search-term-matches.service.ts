import type { SessionUser } from '#server/plugins/session';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import {
  SEARCH_TERMS_MAX_PAGE_SIZE,
  type SearchTermMatches,
  type SearchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import type { LegalChangesReader } from './legal-changes.caches';
import { ListFilter } from './legal-changes.filter';
import { listPage, sortOrderFor } from './legal-changes.queries';
import { presentTermMatch } from './legal-changes-search.presenter';
import { categoryOf } from './legal-changes-ranked-search.service';
import {
  activeSearchTerms,
  countCapped,
  hiddenDismissed,
  matchedTermsColumn,
  matchesAnyTerm,
} from './legal-changes-search.queries';

/** Items matching any of the member's active search terms, newest first by default. */
export async function termMatchesForMember(
  reader: LegalChangesReader,
  user: SessionUser,
  q: SearchTermMatchesQuery,
): Promise<SearchTermMatches> {
  const { db } = reader;
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
  const filter = new ListFilter({
    jurisdictionId: q.jurisdictionId,
    category: categoryOf(q.legislationType),
    hiddenTypes: await hiddenItemTypes(db, user, reader.caches.typeAvailability),
  });
  const anyTerm = matchesAnyTerm(terms);
  const where = filter.toSql(anyTerm);
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
    countCapped(db, filter.toSql(anyTerm, hiddenDismissed(member))),
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
