import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A generated full-text search vector (read-only; maintained by PostgreSQL). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** timestamptz read as a JS Date */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
