import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

/**
 * Members' API keys for the public API and the MCP server. Only the SHA-256 of a key is kept;
 * `prefix` is its visible start, shown in the list. A revoked key stays (revoked_at) so its
 * use can still be told apart from an unknown key in the logs, and never opens anything again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** 'read' or 'read' and 'write' */
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
