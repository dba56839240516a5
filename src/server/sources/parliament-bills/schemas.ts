/**
 * UK Parliament Bills API payloads (https://bills-api.parliament.uk/api/v1).
 * Lenient where the API is loose: optional collections become [], unknown keys are dropped,
 * enum-like strings (house, decision) stay strings so a new value does not fail a whole page.
 */
import { z } from 'zod';

const id = z.number().int();
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value) => value ?? []);

/** A list endpoint's page: `{ items, totalResults, itemsPerPage }` */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalResults: z.number().int(), itemsPerPage: z.number().int() });

export const stageSittingSchema = z.object({
  id,
  stageId: optionalNumber,
  billStageId: optionalNumber,
  billId: optionalNumber,
  date: optionalText,
});

export const stageSummarySchema = z.object({
  id,
  stageId: id,
  sessionId: optionalNumber,
  description: z.string(),
  abbreviation: optionalText,
  house: optionalText,
  stageSittings: listOf(stageSittingSchema),
  sortOrder: optionalNumber,
});

export const billSummarySchema = z.object({
  billId: id,
  shortTitle: z.string(),
  formerShortTitle: optionalText,
  currentHouse: optionalText,
  originatingHouse: optionalText,
  /** no zone, 0/6/7 fractional digits: read with parseUkTimestamp */
  lastUpdate: z.string(),
  /** a date-time when withdrawn, else null */
  billWithdrawn: optionalText,
  isDefeated: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  billTypeId: optionalNumber,
  introducedSessionId: optionalNumber,
  includedSessionIds: listOf(id),
  isAct: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  currentStage: stageSummarySchema.nullish().transform((value) => value ?? null),
});

const memberFields = {
  memberId: optionalNumber,
  name: optionalText,
  party: optionalText,
  partyColour: optionalText,
  house: optionalText,
  memberPhoto: optionalText,
  memberPage: optionalText,
  memberFrom: optionalText,
};

export const sponsorSchema = z.object({
  member: z
    .object(memberFields)
    .nullish()
    .transform((value) => value ?? null),
  organisation: z
    .object({ name: z.string(), url: optionalText })
    .nullish()
    .transform((value) => value ?? null),
  sortOrder: optionalNumber,
});

export const billDetailSchema = billSummarySchema.extend({
  longTitle: optionalText,
  /** HTML */
  summary: optionalText,
  sponsors: listOf(sponsorSchema),
  promoters: listOf(z.object({ organisationName: optionalText, organisationUrl: optionalText })),
  petitioningPeriod: optionalText,
  petitionInformation: optionalText,
});

export const amendmentSearchItemSchema = z.object({
  /** the key; `id` is 0 in search results */
  amendmentId: id,
  id: optionalNumber,
  billId: id,
  billStageId: id,
  amendmentType: optionalText,
  clause: optionalNumber,
  schedule: optionalNumber,
  pageNumber: optionalNumber,
  lineNumber: optionalNumber,
  amendmentPosition: optionalText,
  marshalledListText: optionalText,
  dNum: optionalText,
  statusIndicator: optionalText,
  decision: optionalText,
  decisionExplanation: optionalText,
  sponsors: listOf(z.object({ ...memberFields, isLead: z.boolean().nullish(), sortOrder: optionalNumber })),
  /** lines that may hold HTML such as <b> */
  summaryText: listOf(z.string()),
});

export const publicationSchema = z.object({
  id,
  house: optionalText,
  title: z.string(),
  displayDate: optionalText,
  publicationType: z.object({ id, name: z.string(), description: optionalText }),
  links: listOf(z.object({ id, title: optionalText, url: z.string(), contentType: optionalText })),
  files: listOf(
    z.object({ id, filename: optionalText, contentType: optionalText, contentLength: optionalNumber }),
  ),
});

export const billPublicationsSchema = z.object({ billId: id, publications: listOf(publicationSchema) });

export const newsArticleSchema = z.object({
  id,
  title: z.string(),
  content: optionalText,
  displayDate: optionalText,
});

export const billTypeSchema = z.object({
  id,
  category: optionalText,
  name: z.string(),
  description: optionalText,
});

export const stageTypeSchema = z.object({ id, name: z.string(), house: optionalText });

export type StageSitting = z.output<typeof stageSittingSchema>;
export type StageSummary = z.output<typeof stageSummarySchema>;
export type BillSummary = z.output<typeof billSummarySchema>;
export type BillDetail = z.output<typeof billDetailSchema>;
export type AmendmentSearchItem = z.output<typeof amendmentSearchItemSchema>;
export type Publication = z.output<typeof publicationSchema>;
export type BillPublications = z.output<typeof billPublicationsSchema>;
export type NewsArticle = z.output<typeof newsArticleSchema>;
export type BillType = z.output<typeof billTypeSchema>;
export type StageType = z.output<typeof stageTypeSchema>;
