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
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** Whether the database has an index of this name. */
export async function indexExists(db: Db, indexName: string): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from pg_indexes where indexname = ${indexName}) as found`,
  );
  return Boolean(rows[0]?.found);
}

const byIndex = sql`
  term_matches as (
    select il.item_id, st.user_id, st.search_term, st.created_at
    from item_lexemes il
    join search_terms st
      on (tsvector_to_array(to_tsvector('english'::regconfig, st.search_term)))[1] = il.lexeme and st.is_active
    join items i on i.id = il.item_id
    where i.search @@ phraseto_tsquery('english', st.search_term)
  )`;

const byScan = sql`
  active_terms as materialized (
    select user_id, search_term, created_at, lower(search_term) as term from search_terms where is_active
  ),
  term_lexemes as materialized (
    select d.term, tsvector_to_array(to_tsvector('english', d.term)) as lexemes
    from (select distinct term from active_terms) d
  ),
  term_hits as (
    select il.item_id, t.term
    from (select term, lexemes[1] as lexeme from term_lexemes where cardinality(lexemes) > 0) t
    join item_lexemes il on il.lexeme = t.lexeme
    join items i on i.id = il.item_id
    where i.search @@ phraseto_tsquery('english', t.term)
  ),
  term_matches as (
    select th.item_id, st.user_id, st.search_term, st.created_at
    from term_hits th join active_terms st on st.term = th.term
  )`;

export const termMatchesSql = (indexed: boolean): SQL => (indexed ? byIndex : byScan);
