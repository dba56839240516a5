import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { SourceResult } from '#shared/schemas/legal-sources';
import { ts, updatedAt } from './columns';

/** Each legal source's last probe (a sync of its recent list) and that list. */
export const legalSourceState = pgTable('legal_source_state', {
  code: text('code').primaryKey(),
  lastCheckedAt: ts('last_checked_at'),
  lastSuccessAt: ts('last_success_at'),
  lastError: text('last_error'),
  recent: jsonb('recent').$type<SourceResult[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
