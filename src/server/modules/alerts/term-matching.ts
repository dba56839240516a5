/**
 * The search-term half of the matcher, as CTEs that turn the batch's `items` (id, search) and
 * `item_lexemes` (item_id, lexeme) into `term_matches` (item_id, user_id, search_term,
 * created_at): every active term whose words occur in the item as a phrase
 * (`search @@ phraseto_tsquery('english', term)`).
 *
 * A term can only match an item that holds its first lexeme, so candidates are found by that
 * lexeme and then checked as a phrase. Two ways to get each term's first lexeme:
 * - with the expression index TERM_LEXEME_INDEX (see TERM_LEXEME_INDEX_SQL), PostgreSQL looks
 *   the batch's lexemes up directly: the work grows with the matches, not with the terms;
 * - without it, each distinct active term is analysed on every run (one scan of search_terms).
 */
import { AppScopedKey, type AppScoped } from '#server/cache/app-scoped';
import type { Db } from '#server/db/client';
import { indexExists } from './term-matching.queries';

export const TERM_LEXEME_INDEX = 'search_terms_first_lexeme_idx';

/** The index a migration can add to make matching independent of the number of terms. */
export const TERM_LEXEME_INDEX_SQL = `CREATE INDEX IF NOT EXISTS ${TERM_LEXEME_INDEX} ON search_terms (((tsvector_to_array(to_tsvector('english'::regconfig, search_term)))[1])) WHERE is_active`;

/** What a process found out about each database handle's index (one set per process). */
const KNOWN_INDEXES = new AppScopedKey<WeakMap<Db, Promise<boolean>>>('term lexeme index');

/**
 * Whether the database has the term lexeme index: looked up once per database handle with the
 * process's values (`scoped`, its caches), else on every call.
 */
export function hasTermLexemeIndex(db: Db, scoped?: AppScoped): Promise<boolean> {
  if (!scoped) return indexExists(db, TERM_LEXEME_INDEX);
  const known = scoped.get(KNOWN_INDEXES, () => new WeakMap<Db, Promise<boolean>>());
  let found = known.get(db);
  if (!found) {
    found = indexExists(db, TERM_LEXEME_INDEX);
    known.set(db, found);
  }
  return found;
}
