/**
 * What the lists and search keep in memory, one set per app (built with the app's other caches
 * in app-caches.ts): everyone's shared pages, members' recent answers, shared totals, and the
 * shared items' copies with a member's action and their bytes.
 */
import { FieldCopies } from '#server/cache/field-copies';
import type { DbOrTx } from '#server/db/client';
import { MemberAnswerMemo } from '#server/cache/member-answer-memo';
import type { MemberSessionCache } from '#server/cache/member-session-cache';
import { SharedAnswers } from '#server/cache/shared-answers';
import type { Slabs } from '#server/cache/slabs';
import { TtlCache } from '#server/cache/ttl-cache';
import { ComposedAnswers } from '#server/http/composed-answer';
import type { TypeAvailabilityCache } from '#server/modules/settings/legislation-types';
import {
  legalChangeListItem,
  legalChangeSearchItem,
  legalChangeSearchResult,
  pagedLegalChanges,
  type LegalChangeListItem,
  type LegalChangeSearchItem,
} from '#shared/schemas/legal-changes';
import type { ListPagePart, SharedListPage, SharedRanking, SharedSearchPage } from './legal-changes.answers';

/** Different shared pages kept at once (a page of 50 is about 35 kB). */
const SHARED_ANSWERS_MAX = 500;
/** Different shared search rankings kept at once. */
const SHARED_RANKINGS_MAX = 50;
/** Members' recent list answers kept for reuse, in bytes (about 450 pages of 50). */
const MEMBER_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;
/** Shared totals change only when a sync runs: they are kept this long. */
const TOTALS_TTL_MS = 30_000;
const TOTALS_MAX = 2000;

export interface LegalChangesCaches {
  /** everyone's list pages, by question and page */
  listPages: SharedAnswers<SharedListPage>;
  /** everyone's search pages, by question and page */
  searchPages: SharedAnswers<SharedSearchPage>;
  /** everyone's search rankings, by question */
  rankings: SharedAnswers<SharedRanking>;
  /** members' recent list answers, as the bytes sent */
  memberAnswers: MemberAnswerMemo<ListPagePart>;
  /** shared list totals, by filter */
  listTotals: TtlCache<number>;
  /** shared search counts (up to a limit), by question */
  searchTotals: TtlCache<number>;
  /** the shared items' copies with a member's action on them */
  withAction: FieldCopies<'userAction'>;
  /** members' list answers as bytes composed from the shared items' bytes */
  composedLists: ComposedAnswers<LegalChangeListItem>;
  /** members' search answers as bytes composed from the shared items' bytes */
  composedSearches: ComposedAnswers<LegalChangeSearchItem>;
  /** this app's copies of members' state: what is read for a member is kept while it is current */
  memberSessions: MemberSessionCache;
  /** this app's copy of the legislation types available to everyone (what visitors see) */
  typeAvailability: TypeAvailabilityCache;
}

export function createLegalChangesCaches(opts: {
  /** how long an answer is shared (ANONYMOUS_ANSWER_CACHE_SECONDS; 0 shares nothing) */
  sharedSeconds: number;
  slabs: Slabs;
  memberSessions: MemberSessionCache;
  typeAvailability: TypeAvailabilityCache;
}): LegalChangesCaches {
  const sharing = { freshMs: opts.sharedSeconds * 1000, maxEntries: SHARED_ANSWERS_MAX };
  return {
    listPages: new SharedAnswers<SharedListPage>(sharing),
    searchPages: new SharedAnswers<SharedSearchPage>(sharing),
    rankings: new SharedAnswers<SharedRanking>({ ...sharing, maxEntries: SHARED_RANKINGS_MAX }),
    memberAnswers: new MemberAnswerMemo<ListPagePart>(MEMBER_ANSWERS_MAX_BYTES),
    listTotals: new TtlCache<number>(TOTALS_TTL_MS, TOTALS_MAX),
    searchTotals: new TtlCache<number>(TOTALS_TTL_MS, TOTALS_MAX),
    withAction: new FieldCopies('userAction'),
    composedLists: new ComposedAnswers(legalChangeListItem, pagedLegalChanges, opts.slabs),
    composedSearches: new ComposedAnswers(legalChangeSearchItem, legalChangeSearchResult, opts.slabs),
    memberSessions: opts.memberSessions,
    typeAvailability: opts.typeAvailability,
  };
}

/** What the list and search services read with: the database and the app's caches. */
export interface LegalChangesReader {
  db: DbOrTx;
  caches: LegalChangesCaches;
}
