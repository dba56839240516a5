import type { PreparedAnswer } from '#server/http/composed-answer';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import type { SessionUser } from '#server/plugins/session';
import type { LegalChangeSearchResult, SearchLegalChangesQuery } from '#shared/schemas/legal-changes';
import type { SharedSearch, SharedSearchPage } from './legal-changes.answers';
import type { LegalChangesReader } from './legal-changes.caches';
import { loadSharedRanking, memberSearchAnswer } from './legal-changes-member-search.service';
import { searchDirect, searchQuestion, type SearchQuestion } from './legal-changes-ranked-search.service';

/**
 * The answer to GET /api/legal-changes/search. Everyone gets the same page for the same
 * question: it is shared briefly, a visitor is sent its bytes, and a member's answer is composed
 * from it (legal-changes-member-search.service.ts). `serialize`: the route's serializer.
 */
export async function searchLegalChangesFor(
  reader: LegalChangesReader,
  q: SearchLegalChangesQuery,
  user: SessionUser | null,
  serialize: (answer: LegalChangeSearchResult) => Buffer,
): Promise<PreparedAnswer<LegalChangeSearchResult>> {
  const { caches } = reader;
  const hiddenTypes = await hiddenItemTypes(reader.db, user, caches.typeAvailability);
  const base = JSON.stringify([q.q, q.jurisdictionId ?? null, q.legislationType, hiddenTypes]);
  const shared: SharedSearch = {
    key: base,
    page: (page) =>
      caches.searchPages.get(`${page} ${q.limit} ${base}`, () =>
        loadSharedSearchPage(reader, searchQuestion({ ...q, page }, hiddenTypes)),
      ),
    ranking: () => caches.rankings.get(base, () => loadSharedRanking(reader, searchQuestion(q, hiddenTypes))),
  };
  if (user) {
    const member = { id: user.id, hideDismissed: !q.includeDismissed };
    const answer = await memberSearchAnswer(
      reader,
      searchQuestion(q, hiddenTypes),
      member,
      shared,
      user.actions,
    );
    return { answer, composed: caches.composedSearches };
  }
  const page = await shared.page(q.page);
  page.bytes ??= serialize(page.result);
  return { bytes: page.bytes };
}

/** A shared page of a search: as everyone sees it, with no member's actions. */
export async function loadSharedSearchPage(
  reader: LegalChangesReader,
  s: SearchQuestion,
): Promise<SharedSearchPage> {
  return { result: await searchDirect(reader, s, null), bytes: null };
}

/** Ranked search for a reader, read directly (no shared answers): their actions, not their dismissed items. */
export async function searchForMember(
  reader: LegalChangesReader,
  user: SessionUser | null,
  q: SearchLegalChangesQuery,
): Promise<LegalChangeSearchResult> {
  const member = user ? { id: user.id, hideDismissed: !q.includeDismissed } : null;
  const hiddenTypes = await hiddenItemTypes(reader.db, user, reader.caches.typeAvailability);
  return searchDirect(reader, searchQuestion(q, hiddenTypes), member);
}
