import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

/**
 * The administrators: the built-in owner (signs in with ADMIN_PASSWORD or the generated file;
 * no email) and the people the owner invites by email. An invited administrator sets a password
 * from the invite link and must enrol a TOTP second factor before the console opens to them.
 */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    /** null for the built-in owner */
    email: text('email'),
    builtInOwner: boolean('built_in_owner').notNull().default(false),
    passwordHash: text('password_hash'),
    /** the TOTP secret, encrypted with a key derived from APP_SECRET */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** the last 30-second step a code was accepted for (a code works once) */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of the invite link's token, until the invite is accepted */
    inviteTokenHash: text('invite_token_hash').unique(),
    inviteExpiresAt: ts('invite_expires_at'),
    invitedBy: integer('invited_by'),
    acceptedAt: ts('accepted_at'),
    /** removed administrators are kept, so the audit log still names them */
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admins_email_active_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('admins_built_in_owner_uq')
      .on(t.builtInOwner)
      .where(sql`${t.builtInOwner}`),
  ],
);

/** One-use recovery codes of an administrator's second factor (HMAC only). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/** Every administrator action that changes something: who, what, target, when, from where. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** e.g. user.tier_changed, user.suspended, outbox.retried, legislation_availability.updated */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    adminSessionId: uuid('admin_session_id'),
    /** the administrator (null only for entries written before administrators were named) */
    adminId: integer('admin_id'),
    /** the administrator's email at the time (null for the built-in owner) */
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
