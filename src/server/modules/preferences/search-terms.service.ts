import type { DbOrTx } from '#server/db/client';
import { badRequest, conflict, notFound } from '#server/http/errors';
import { SEARCH_TERMS_PER_MEMBER, type SearchTerm } from '#shared/schemas/preferences';
import {
  countSearchTerms,
  deleteSearchTerm,
  insertSearchTerm,
  listSearchTerms,
  searchableWordCount,
  toggleSearchTerm,
  type SearchTermRow,
} from './search-terms.queries';

const termNotFound = () => notFound('That search term does not exist.', 'search_term_not_found');

export const presentSearchTerm = (row: SearchTermRow): SearchTerm => ({
  id: row.id,
  searchTerm: row.searchTerm,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

/** Adds a member's search term: searchable, within the per-member limit, not a duplicate (any case). */
export async function addSearchTerm(
  db: DbOrTx,
  params: { userId: number; searchTerm: string },
): Promise<SearchTermRow> {
  if ((await countSearchTerms(db, params)) >= SEARCH_TERMS_PER_MEMBER) {
    throw badRequest(
      `You can keep up to ${SEARCH_TERMS_PER_MEMBER} search terms. Remove one to add another.`,
      undefined,
      'too_many_search_terms',
    ).localized('errors.too_many_search_terms', { max: SEARCH_TERMS_PER_MEMBER });
  }
  if ((await searchableWordCount(db, params.searchTerm)) === 0) {
    throw badRequest(
      'Use at least one word other than very common ones such as "the" or "and".',
      undefined,
      'search_term_not_searchable',
    );
  }
  const row = await insertSearchTerm(db, params);
  if (!row) throw conflict('You already have this search term.', 'search_term_exists');
  return row;
}

export async function memberSearchTerms(db: DbOrTx, userId: number): Promise<SearchTerm[]> {
  return (await listSearchTerms(db, { userId })).map(presentSearchTerm);
}

/** Removes one of the member's search terms; a 404 when they have no such term. */
export async function removeSearchTerm(db: DbOrTx, params: { userId: number; id: number }) {
  if (!(await deleteSearchTerm(db, params))) throw termNotFound();
  return { id: params.id, deleted: true as const };
}

/** Switches one of the member's search terms on or off (flips it when `isActive` is not given). */
export async function switchSearchTerm(
  db: DbOrTx,
  params: { userId: number; id: number; isActive: boolean | undefined },
): Promise<SearchTerm> {
  const row = await toggleSearchTerm(db, params);
  if (!row) throw termNotFound();
  return presentSearchTerm(row);
}
