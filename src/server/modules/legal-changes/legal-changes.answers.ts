/**
 * The shapes of the answers everyone shares (no member's actions), which members' answers are
 * composed from (decision 008): a page of a list, a page of a search, a search's ranking.
 */
import type {
  LegalChangeListItem,
  LegalChangeSearchItem,
  LegalChangeSearchResult,
} from '#shared/schemas/legal-changes';

/** One page of a list as everyone sees it: shared between readers for a few seconds. */
export interface SharedListPage {
  items: LegalChangeListItem[];
  /** each item's sort key as the database compares it (the date, or the lower-cased title) */
  keys: string[];
  total: number;
  hasMore: boolean;
  /** the signed-out answer, serialized once when first asked for */
  bytes: Buffer | null;
}

/** The last item of the page before a page, when the reader has it. */
export interface PageAfter {
  key: string;
  id: number;
}

/** A shared list page a member's answer was made of. */
export interface ListPagePart {
  page: number;
  after?: PageAfter;
  body: SharedListPage;
}

/** What a member's answer was made of (see memberListAnswer). */
export interface AnswerMadeOf {
  pages: ListPagePart[];
  readDatabase: boolean;
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
  /**
   * the members' ranked sets made from this ranking, by the member's state they were made from
   * (they live as long as the ranking and that state)
   */
  memberRankings: WeakMap<object, number[] | null>;
}

/** A search's shared parts. */
export interface SharedSearch {
  /** the question without its page: the words, the filters, the legislation types left out */
  key: string;
  page: (page: number) => Promise<SharedSearchPage>;
  ranking: () => Promise<SharedRanking>;
}
