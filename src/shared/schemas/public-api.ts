/**
 * The public REST API, version 1 (/api/v1): the schemas that validate its requests and describe
 * its answers, and from which its OpenAPI document is generated (one source for both).
 */
import { z } from 'zod';
import { LEGISLATION_FILTERS, SORT_FIELDS } from './legal-changes';
import {
  followedLegalChange,
  legalChange,
  legalChangeListItem,
  legalChangeSearchItem,
} from './legal-changes';
import { effectListSchema, timelineEventSchema } from './legal-change-detail';
import { notificationSchema } from './notifications';

/** An opaque position in a list, from the previous page's `nextCursor`. */
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a nextCursor from a previous page')
  .optional()
  .describe('the nextCursor of the previous page; leave out for the first page');
const limit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback).describe(`items per page (1–${max})`);
const jurisdictionId = z.coerce
  .number()
  .int()
  .min(1)
  .max(9)
  .optional()
  .describe('a jurisdiction id (1 is the UK)');
const legislationType = z.enum(LEGISLATION_FILTERS).default('all').describe('primary, secondary or all');
const nextCursor = z.string().nullable().describe('pass as cursor for the next page; null on the last page');

export const v1LegalChangesQuery = z.object({
  cursor,
  limit: limit(50, 25),
  jurisdictionId,
  legislationType,
  sortBy: z.enum(SORT_FIELDS).default('date'),
  sortOrder: z.enum(['asc', 'desc']).optional().describe('newest first by date, A–Z by title unless given'),
});
export type V1LegalChangesQuery = z.infer<typeof v1LegalChangesQuery>;

export const v1SearchQuery = z.object({
  q: z.string().trim().min(1, 'must not be blank').max(200, 'must be at most 200 characters'),
  cursor,
  limit: limit(50, 25),
  jurisdictionId,
  legislationType,
});
export type V1SearchQuery = z.infer<typeof v1SearchQuery>;

export const v1PageQuery = z.object({ cursor, limit: limit(100, 25) });
export type V1PageQuery = z.infer<typeof v1PageQuery>;

export const v1IdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('the legal change id'),
});
export const v1LegalChangeIdParams = z.object({
  legalChangeId: z.coerce.number().int().positive().max(2_147_483_647).describe('the legal change id'),
});
export const v1FollowBody = z.object({ legalChangeId: z.number().int().positive().max(2_147_483_647) });
export type V1FollowBody = z.infer<typeof v1FollowBody>;

export const v1LegalChangePage = z.object({ data: z.array(legalChangeListItem), nextCursor });
export type V1LegalChangePage = z.infer<typeof v1LegalChangePage>;
export const v1SearchPage = z.object({ data: z.array(legalChangeSearchItem), nextCursor });
export type V1SearchPage = z.infer<typeof v1SearchPage>;
export const v1FollowedPage = z.object({ data: z.array(followedLegalChange), nextCursor });
export type V1FollowedPage = z.infer<typeof v1FollowedPage>;
export const v1NotificationPage = z.object({ data: z.array(notificationSchema), nextCursor });
export type V1NotificationPage = z.infer<typeof v1NotificationPage>;

/** One legal change with every field and its timeline (newest first). */
export const v1LegalChange = legalChange.extend({ timeline: z.array(timelineEventSchema) });
export type V1LegalChange = z.infer<typeof v1LegalChange>;
export const v1Effects = effectListSchema;

export const v1Followed = z.object({ legalChangeId: z.number(), followed: z.literal(true) });
export type V1Followed = z.infer<typeof v1Followed>;

/** GET /api/v1/reference/{file}: the API reference viewer's files (for /developers). */
export const referenceFileParams = z.object({ file: z.enum(['swagger-ui-bundle.js', 'swagger-ui.css']) });
