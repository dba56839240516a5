import { z } from 'zod';
import { CATEGORIES } from '../legislation';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const legalChangeIdParams = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be a positive id').max(2_147_483_647),
});

export const SORT_FIELDS = ['date', 'title'] as const;
export const LEGISLATION_FILTERS = ['all', 'primary', 'secondary'] as const;

/** GET /api/legal-changes */
export const listLegalChangesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(50),
    jurisdictionId: z.coerce.number().int().min(1).max(9).optional(),
    /** the older helper form: a country code word, 'uk' */
    jurisdiction: z.enum(['uk', 'all']).optional(),
    legislationType: z.enum(LEGISLATION_FILTERS).default('all'),
    sortBy: z.enum(SORT_FIELDS).default('date'),
    sortOrder: z.enum(['asc', 'desc']).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });
export type ListLegalChangesQuery = z.infer<typeof listLegalChangesQuery>;

const nullableDate = isoDate.nullable();

/** What a list shows: a short description, never the full text. */
export const legalChangeListItem = z.object({
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
  itemDate: isoDate,
  lastUpdatedDate: z.string().nullable(),
  createdAt: z.string(),
});
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
export const legalChange = legalChangeListItem.extend({
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
});
export type LegalChange = z.infer<typeof legalChange>;
