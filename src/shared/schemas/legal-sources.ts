/** Requests and answers of /api/legal-sources (spec document 1 §8 "Legal sources"). */
import { z } from 'zod';
import { EU_DOC_TYPES } from '#shared/legal-sources';

export { EU_DOC_TYPES, type EuDocType } from '#shared/legal-sources';

/** letters, digits, spaces and the punctuation found in titles and citations */
const QUERY_CHARS = /^[\p{L}\p{N}\s'’".,:;()/&§-]+$/u;

export const searchText = z
  .string({ message: 'Enter something to search for.' })
  .trim()
  .min(2, 'Search for at least 2 characters.')
  .max(200, 'Search for at most 200 characters.')
  .regex(QUERY_CHARS, 'Use letters, numbers, spaces and ordinary punctuation only.');

export const legalSourceSearchQuery = z.object({ query: searchText });
export const euSearchQuery = z.object({
  query: searchText,
  docType: z.enum(EU_DOC_TYPES).optional(),
  /** the interface language, for titles in it where EUR-Lex has them */
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'language is a two-letter code')
    .optional(),
});
/** /canada/recent-acts: without a query the recent list, with one a search */
export const optionalSearchQuery = z.object({ query: searchText.optional() });

/** a source's code in a path: any text, so an unknown one answers 404 (not a validation 400) */
export const legalSourceCodeParams = z.object({ code: z.string() });

export const sourceResultSchema = z.object({
  title: z.string(),
  date: z.string().nullable(),
  type: z.string(),
  identifier: z.string(),
  url: z.string().nullable(),
  jurisdiction: z.string(),
  source: z.string(),
  /** set when the item is stored here and can be followed at once */
  legalChangeId: z.number().optional(),
});
export type SourceResult = z.infer<typeof sourceResultSchema>;

export const sourceResultsSchema = z.object({ results: z.array(sourceResultSchema), total: z.number() });
export type SourceResults = z.infer<typeof sourceResultsSchema>;

export const sourceStatusSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  jurisdiction: z.string(),
  group: z.enum(['primary', 'extended']),
  requiresApiKey: z.boolean(),
  availability: z.enum(['available', 'unavailable', 'api_key_required']),
  lastSuccessAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

export const legalSourcesStatusSchema = z.object({
  counts: z.object({ total: z.number(), primary: z.number(), extended: z.number() }),
  sources: z.array(sourceStatusSchema),
});
export type LegalSourcesStatus = z.infer<typeof legalSourcesStatusSchema>;

export const syncAllResponseSchema = z.object({ successful: z.number(), failed: z.number() });
export const syncOneResponseSchema = z.object({ source: sourceStatusSchema });

export const storeItemBody = z.object({ identifier: z.string().trim().min(1).max(200) });
export const storeItemResponse = z.object({ legalChangeId: z.number() });
