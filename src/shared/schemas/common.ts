/**
 * Contracts shared by every resource: the error body, id path parameters and pagination.
 * Each schema is exported beside its inferred type.
 */
import { z } from 'zod';

/** Body of every non-2xx answer: `{ error: { code, message, details? } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    /** Stable snake_case identifier, e.g. `validation_failed`, `invalid_token`. */
    code: z.string(),
    /** A message the user can act on. */
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Largest value of a PostgreSQL `integer` / `serial` column. */
export const MAX_INT_ID = 2_147_483_647;

/** A positive integer id given as a path segment ("42"); leading zeros, signs and exponents are refused. */
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_INT_ID));

/** Route params `{ id }`, e.g. `/api/legal-changes/:id`. */
export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 50;

/** Query `?page=&limit=`: page ≥ 1 (default 1), limit 1–50 (default 50). */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** A paged list answer: `{ data, total, hasMore }`. */
export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().min(0),
    hasMore: z.boolean(),
  });
}
export type PagedResult<T> = { data: T[]; total: number; hasMore: boolean };

/** Answers that carry only a message, e.g. forgot-password and logout. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
