import { z } from 'zod';
import { SEARCH_RESULT_CAP } from '../constants';
import { ITEM_DATE_KINDS } from '../item-date';
import { CATEGORIES } from '../legislation';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const legalChangeIdParams = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be a positive id').max(2_147_483_647),
});

export const SORT_FIELDS = ['date', 'title'] as const;
export const LEGISLATION_FILTERS = ['all', 'primary', 'secondary'] as const;

/** The member's own action on an item: one per member and item. */
export const USER_ACTIONS = ['followed', 'dismissed'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const userActionValue = z.enum(USER_ACTIONS).nullable();

/** `?flag=true|false|1|0` (z.coerce.boolean would read 'false' as true). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const jurisdictionId = z.coerce.number().int().min(1).max(9).optional();
const legislationType = z.enum(LEGISLATION_FILTERS).default('all');
/** signed-in members: items they dismissed are left out unless this is true */
const includeDismissed = queryBoolean.default(false);

/** GET /api/legal-changes */
export const listLegalChangesQuery = z
  .object({
    page,
    limit: z.coerce.number().int().min(1).max(50).default(50),
    jurisdictionId,
    /** the older helper form: a country code word, 'uk' */
    jurisdiction: z.enum(['uk', 'all']).optional(),
    legislationType,
    sortBy: z.enum(SORT_FIELDS).default('date'),
    sortOrder: z.enum(['asc', 'desc']).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    includeDismissed,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });
export type ListLegalChangesQuery = z.infer<typeof listLegalChangesQuery>;

const nullableDate = isoDate.nullable();

/** The fields every list and the detail share. */
const legalChangeSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  descriptionLength: z.number(),
  category: z.enum(CATEGORIES),
  legislationType: z.string(),
  status: z.string(),
  jurisdictionId: z.number(),
  currentStage: z.string().nullable(),
  currentHouse: z.string().nullable(),
  currentStageDate: nullableDate,
  parliamentarySession: z.string().nullable(),
  departmentName: z.string().nullable(),
  officialUrl: z.string().nullable(),
  consultationStartDate: nullableDate,
  consultationEndDate: nullableDate,
  proposedDate: nullableDate,
  enactmentDate: nullableDate,
  effectiveDate: nullableDate,
  dateLaid: nullableDate,
  /** the best legal date the source states (null when it states none); never a recorded time */
  itemDate: nullableDate,
  /** what happened on `itemDate` ('year_only': only the year is known, shown as the year) */
  itemDateKind: z.enum(ITEM_DATE_KINDS).nullable(),
  lastUpdatedDate: z.string().nullable(),
  createdAt: z.string(),
});

/** What a list shows: a short description, never the full text, and the member's action (null signed out). */
export const legalChangeListItem = legalChangeSummary.extend({ userAction: userActionValue });
export type LegalChangeListItem = z.infer<typeof legalChangeListItem>;

export const pagedLegalChanges = z.object({
  data: z.array(legalChangeListItem),
  total: z.number(),
  hasMore: z.boolean(),
  page: z.number(),
  limit: z.number(),
});
export type PagedLegalChanges = z.infer<typeof pagedLegalChanges>;

/** GET /api/legal-changes/:id: every field of the spec's LegalChange. */
export const legalChange = legalChangeSummary.extend({
  description: z.string().nullable(),
  longTitle: z.string().nullable(),
  currentStageShowFrom: nullableDate,
  scottishBillReference: z.string().nullable(),
  shortName: z.string().nullable(),
  thirdPartyOrganisation: z.string().nullable(),
  legislationYear: z.number().nullable(),
  legislationNumber: z.string().nullable(),
  isbn: z.string().nullable(),
  siNumber: z.string().nullable(),
  procedureName: z.string().nullable(),
  enabledBy: z.string().nullable(),
  governmentBodyName: z.string().nullable(),
  governmentBodyType: z.string().nullable(),
  subject: z.string().nullable(),
  isDraft: z.boolean(),
  madeDate: nullableDate,
  source: z.string(),
  /** the human name of the official source, which labels the official link */
  sourceName: z.string().nullable(),
  /** set while the item is as the bundled snapshot of `takenAt` (a date) had it, until a live sync */
  fromSnapshot: z.object({ takenAt: isoDate }).nullable(),
});
export type LegalChange = z.infer<typeof legalChange>;

/** GET /api/legal-changes/search: ranked full-text search over title, long title and description. */
export const searchLegalChangesQuery = z
  .object({
    q: z.string().trim().min(1, 'must not be blank').max(200, 'must be at most 200 characters'),
    page,
    limit: z.coerce.number().int().min(1).max(50).default(50),
    jurisdictionId,
    legislationType,
    includeDismissed,
  })
  .refine((q) => (q.page - 1) * q.limit < SEARCH_RESULT_CAP, {
    message: `search results stop at the best ${SEARCH_RESULT_CAP} matches; refine the search to see others`,
    path: ['page'],
  });
export type SearchLegalChangesQuery = z.infer<typeof searchLegalChangesQuery>;

/** A run of highlighted text: render `match` parts as <mark>. Plain text, never HTML. */
export const highlightPart = z.object({ text: z.string(), match: z.boolean() });
export type HighlightPart = z.infer<typeof highlightPart>;

export const legalChangeSearchItem = legalChangeListItem.extend({
  rank: z.number(),
  highlights: z.object({ title: z.array(highlightPart), description: z.array(highlightPart) }),
});
export type LegalChangeSearchItem = z.infer<typeof legalChangeSearchItem>;

export const legalChangeSearchResult = pagedLegalChanges.extend({
  data: z.array(legalChangeSearchItem),
  /** true when there are more than TOTAL_COUNT_CAP matches and `total` says 10,000 */
  totalCapped: z.boolean(),
  /** relevance ranks the newest `resultCap` matches, and only those can be paged through */
  resultCap: z.number(),
});
export type LegalChangeSearchResult = z.infer<typeof legalChangeSearchResult>;

/** The spec's client asks for 10,000; at most this many rows are answered per page. */
export const SEARCH_TERMS_MAX_PAGE_SIZE = 100;

/** GET /api/legal-changes/search-terms: items matching any of the member's active search terms. */
export const searchTermMatchesQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
  jurisdictionId,
  legislationType,
  sortBy: z.enum(SORT_FIELDS).default('date'),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  includeDismissed,
});
export type SearchTermMatchesQuery = z.infer<typeof searchTermMatchesQuery>;

export const searchTermMatchItem = legalChangeListItem.extend({
  /** the member's active terms this item matches */
  matchedTerms: z.array(z.string()),
});
export type SearchTermMatchItem = z.infer<typeof searchTermMatchItem>;

export const searchTermMatches = pagedLegalChanges.extend({
  data: z.array(searchTermMatchItem),
  /** true when there are more than TOTAL_COUNT_CAP matches and `total` says 10,000 */
  totalCapped: z.boolean(),
  /** how many active search terms the member has (0: the empty state links to /preferences) */
  activeTermCount: z.number(),
});
export type SearchTermMatches = z.infer<typeof searchTermMatches>;

/** GET /api/legal-changes/followed: the member's followed items, newest follow first. */
export const followedLegalChangesQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type FollowedLegalChangesQuery = z.infer<typeof followedLegalChangesQuery>;

export const followedLegalChange = legalChangeListItem.extend({ followedAt: z.string() });
export type FollowedLegalChange = z.infer<typeof followedLegalChange>;

export const followedLegalChanges = pagedLegalChanges.extend({ data: z.array(followedLegalChange) });
export type FollowedLegalChanges = z.infer<typeof followedLegalChanges>;

/** GET and POST /api/legal-changes/:id/action answer the member's action on the item. */
export const userActionResponse = z.object({ action: userActionValue });
export type UserActionResponse = z.infer<typeof userActionResponse>;

/** POST /api/legal-changes/:id/action: 'none' clears the action. */
export const setUserActionBody = z.object({ action: z.enum([...USER_ACTIONS, 'none']) });
export type SetUserActionBody = z.infer<typeof setUserActionBody>;
