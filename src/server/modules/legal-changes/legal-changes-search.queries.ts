import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, searchTerms, userActions } from '#server/db/schema';
import { SEARCH_RESULT_CAP, TOTAL_COUNT_CAP } from '#shared/constants';
import { countUpTo } from './legal-changes-counts.queries';
import {
  joinMemberActions,
  memberListColumns,
  type LegalChangeListRow,
  type ListMember,
} from './legal-changes.queries';

const lc = legalChanges;
const ua = userActions;

/** Marks around highlighted words in ts_headline output; the presenter splits on them. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';
const marks = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_STOP}"`;
const TITLE_HEADLINE = `HighlightAll=true, ${marks}`;
const DESCRIPTION_HEADLINE = `MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … ", ${marks}`;

/**
 * websearch_to_tsquery is immutable, so PostgreSQL folds it to a constant when planning and
 * can judge from the column's statistics whether the term is common or rare.
 */
export const webSearchQuery = (q: string): SQL => sql`websearch_to_tsquery('english', ${q})`;

/** Leaves out the member's dismissed items, as an anti-join (keeps the GIN or sort index usable). */
export const notDismissedBy = (memberId: number): SQL =>
  sql`not exists (select 1 from ${ua} where ${ua.userId} = ${memberId} and ${ua.legalChangeId} = ${lc.id} and ${ua.action} = 'dismissed')`;

export const hiddenDismissed = (member: ListMember | null) =>
  member?.hideDismissed ? notDismissedBy(member.id) : undefined;

export interface SearchParams {
  q: string;
  where: SQL | undefined;
  page: number;
  limit: number;
  member: ListMember | null;
}

export type SearchRow = LegalChangeListRow & {
  rank: number;
  /** matches among the candidates: every match when below SEARCH_RESULT_CAP */
  candidateCount: number;
  titleHeadline: string;
  descriptionHeadline: string;
};

export async function searchLegalChanges(db: DbOrTx, p: SearchParams): Promise<SearchRow[]> {
  return searchQuery(db, p);
}

/**
 * Full-text search in one statement:
 * 1. candidates: the newest SEARCH_RESULT_CAP matches with their search vectors (for a common
 *    term PostgreSQL walks the date index and stops; for a rare one it reads the GIN index);
 * 2. ranked: ts_rank over those candidates only, from the vectors they carry (no second visit
 *    to each row), one page by OFFSET (bounded by the cap);
 * 3. the page's rows with ts_headline, computed for the returned rows only.
 */
export function searchQuery(db: DbOrTx, p: SearchParams) {
  const tsq = webSearchQuery(p.q);
  const candidates = db.$with('candidates').as(
    db
      .select({
        id: lc.id,
        itemDate: sql<string>`${lc.itemSortDate}`.as('candidate_date'),
        search: sql<string>`${lc.search}`.as('candidate_search'),
      })
      .from(lc)
      .where(and(p.where, sql`${lc.search} @@ ${tsq}`, hiddenDismissed(p.member)))
      .orderBy(desc(lc.itemSortDate), desc(lc.id))
      .limit(SEARCH_RESULT_CAP),
  );
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: candidates.id,
        itemDate: candidates.itemDate,
        candidateCount: sql<number>`count(*) over ()`.as('candidate_count'),
        rank: sql<number>`ts_rank(${candidates.search}, ${tsq}, 1)`.as('match_rank'),
      })
      .from(candidates)
      .orderBy(desc(sql`match_rank`), desc(candidates.itemDate), desc(candidates.id))
      .offset((p.page - 1) * p.limit)
      .limit(p.limit),
  );
  const query = db
    .with(candidates, ranked)
    .select({
      ...memberListColumns(p.member),
      rank: ranked.rank,
      candidateCount: ranked.candidateCount,
      titleHeadline: sql<string>`ts_headline('english', ${lc.title}, ${tsq}, ${TITLE_HEADLINE})`,
      descriptionHeadline: sql<string>`ts_headline('english', coalesce(${lc.description}, ''), ${tsq}, ${DESCRIPTION_HEADLINE})`,
    })
    .from(ranked)
    .innerJoin(lc, eq(lc.id, ranked.id))
    .$dynamic();
  return joinMemberActions(query, p.member).orderBy(
    desc(ranked.rank),
    desc(ranked.itemDate),
    desc(ranked.id),
  );
}

/** Matches past the ranked set that a shared ranking also holds (for members who dismissed some of it). */
export const RANKING_SPARE = 200;

/**
 * The newest SEARCH_RESULT_CAP + RANKING_SPARE matches of a search (no member's dismissed items
 * left out) in rank order, each with its place by date (1 = newest): the first SEARCH_RESULT_CAP
 * by date are the pages of `searchQuery` laid end to end.
 */
export async function rankedCandidates(
  db: DbOrTx,
  p: Pick<SearchParams, 'q' | 'where'>,
): Promise<{ id: number; byDate: number }[]> {
  const tsq = webSearchQuery(p.q);
  const candidates = db.$with('candidates').as(
    db
      .select({
        id: lc.id,
        itemDate: sql<string>`${lc.itemSortDate}`.as('candidate_date'),
        search: sql<string>`${lc.search}`.as('candidate_search'),
        byDate: sql<number>`row_number() over (order by ${lc.itemSortDate} desc, ${lc.id} desc)`.as(
          'by_date',
        ),
      })
      .from(lc)
      .where(and(p.where, sql`${lc.search} @@ ${tsq}`))
      .orderBy(desc(lc.itemSortDate), desc(lc.id))
      .limit(SEARCH_RESULT_CAP + RANKING_SPARE),
  );
  return db
    .with(candidates)
    .select({ id: candidates.id, byDate: sql<number>`${candidates.byDate}::int` })
    .from(candidates)
    .orderBy(
      desc(sql`ts_rank(${candidates.search}, ${tsq}, 1)`),
      desc(candidates.itemDate),
      desc(candidates.id),
    );
}

/** Some items of a search as its pages show them (rank and highlights), with no member's actions. */
export async function searchRowsByIds(db: DbOrTx, q: string, ids: number[]): Promise<SearchRow[]> {
  if (!ids.length) return [];
  const tsq = webSearchQuery(q);
  return db
    .select({
      ...memberListColumns(null),
      rank: sql<number>`ts_rank(${lc.search}, ${tsq}, 1)`,
      candidateCount: sql<number>`0`,
      titleHeadline: sql<string>`ts_headline('english', ${lc.title}, ${tsq}, ${TITLE_HEADLINE})`,
      descriptionHeadline: sql<string>`ts_headline('english', coalesce(${lc.description}, ''), ${tsq}, ${DESCRIPTION_HEADLINE})`,
    })
    .from(lc)
    .where(sql`${lc.id} = any(${sql.param(ids)}::int[])`);
}

/**
 * Counts rows matching `where`, stopping after TOTAL_COUNT_CAP: a common term's count costs
 * what 10,000 rows cost, and the answer says "10,000+".
 */
export async function countCapped(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  return cappedTotal(await countUpTo(db, where, TOTAL_COUNT_CAP + 1));
}

/** A count made up to TOTAL_COUNT_CAP + 1, as the answer's total. */
export const cappedTotal = (n: number) => ({
  total: Math.min(n, TOTAL_COUNT_CAP),
  totalCapped: n > TOTAL_COUNT_CAP,
});

export const searchMatches = (p: Pick<SearchParams, 'q' | 'where' | 'member'>): SQL | undefined =>
  and(p.where, sql`${lc.search} @@ ${webSearchQuery(p.q)}`, hiddenDismissed(p.member));

/** The member's active search terms, in alphabetical order. */
export async function activeSearchTerms(db: DbOrTx, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ term: searchTerms.searchTerm })
    .from(searchTerms)
    .where(and(eq(searchTerms.userId, memberId), eq(searchTerms.isActive, true)))
    .orderBy(asc(sql`lower(${searchTerms.searchTerm})`), asc(searchTerms.id));
  return rows.map((r) => r.term);
}

/**
 * One phrase query per term, OR-ed: whole words (stemmed: 'tax' finds 'taxes', never 'taxi'),
 * any case, a phrase's words next to each other in order. phraseto_tsquery is immutable, so
 * the planner sees the combined query as a constant. Stop words alone ('the') match nothing.
 */
export function anyTermQuery(terms: string[]): SQL {
  return sql`(${sql.join(
    terms.map((t) => sql`phraseto_tsquery('english', ${t})`),
    sql` || `,
  )})`;
}

export const matchesAnyTerm = (terms: string[]): SQL => sql`${lc.search} @@ ${anyTermQuery(terms)}`;

/** Which of `terms` a row matches, computed for the page's rows only. */
export const matchedTermsColumn = (terms: string[]): SQL =>
  sql`array(select t from unnest(${sql.param(terms)}::text[]) with ordinality as terms(t, n)
    where ${lc.search} @@ phraseto_tsquery('english', t) order by n)`;
