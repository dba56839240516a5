/**
 * Contracts of the administrator console (spec document 2, sections 2.5, 3 and 7). Each schema
 * is exported beside its inferred type. Every admin answer is `Cache-Control: no-store`.
 */
import { z } from 'zod';
import { adminSystemStatsSchema } from './auth';
import { MAX_INT_ID } from './common';
import { SUBSCRIPTION_TIERS } from '../tiers';
import { cursorSchema, iso } from './admin-fields';

export * from './admin-outbox';
export * from './admin-channel-tests';
export * from './admin-admins';
export * from './admin-diagnostics';

// ---------- Users and audit log ----------

export const adminUserQuerySchema = z.object({
  /** part of an email address or name */
  q: z.string().trim().max(100).optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: iso,
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  followingCount: z.number().int(),
  emailNotificationsEnabled: z.boolean(),
  smsAlertsEnabled: z.boolean(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.string(),
  suspended: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  companyName: z.string().nullable(),
  trialEndsAt: iso,
  lastLoginAt: iso.nullable(),
  phoneNumber: z.string().nullable(),
  activeSessions: z.number().int(),
  searchTerms: z.array(z.object({ term: z.string(), isActive: z.boolean() })),
  follows: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_INT_ID)),
});

/** PATCH /api/admin/users/:id */
export const adminUserPatchSchema = z
  .object({
    subscriptionTier: z.enum(SUBSCRIPTION_TIERS).optional(),
    suspended: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.subscriptionTier !== undefined || v.suspended !== undefined, {
    message: 'Give subscriptionTier or suspended',
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** who: the built-in owner has `email: null` */
  actor: z.object({ id: z.number().int().nullable(), email: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: iso,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
export const auditLogQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// ---------- Overview, database, system ----------

export const adminOverviewSchema = z.object({
  /** items by their type's category (the 16 types; Scottish Parliament bills are primary) */
  primaryLegislation: z.number().int(),
  secondaryLegislation: z.number().int(),
  membersByTier: z.record(z.string(), z.number().int()),
  membersByStatus: z.record(z.string(), z.number().int()),
  suspendedMembers: z.number().int(),
  itemsByCategory: z.record(z.string(), z.number().int()),
  itemsBySource: z.record(z.string(), z.number().int()),
  syncsToday: z.object({ completed: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  messagesToday: z.object({
    sent: z.number().int(),
    kept: z.number().int(),
    failed: z.number().int(),
    queued: z.number().int(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** GET /api/admin/system-stats: the spec's figures and the Overview tab's breakdowns. */
export const adminSystemStatsFullSchema = adminSystemStatsSchema.extend(adminOverviewSchema.shape);
export type AdminSystemStatsFull = z.infer<typeof adminSystemStatsFullSchema>;

export const databaseStatsSchema = z.object({
  mode: z.enum(['embedded', 'postgres']),
  version: z.string(),
  sizeBytes: z.number(),
  primaryLegislation: z.number().int(),
  secondaryLegislation: z.number().int(),
  amendments: z.number().int(),
  newsArticles: z.number().int(),
  notifications: z.number().int(),
  userActions: z.number().int(),
  migrationsApplied: z.number().int(),
  lastMigrationAt: iso.nullable(),
  tables: z.array(
    z.object({
      name: z.string(),
      rows: z.number(),
      sizeBytes: z.number(),
      lastVacuum: iso.nullable(),
    }),
  ),
});
export type DatabaseStats = z.infer<typeof databaseStatsSchema>;

export const SERVICE_STATUSES = ['healthy', 'warning', 'error'] as const;
/**
 * A dependency's state, from a real probe (healthy, degraded, down) or a plain label: not set up
 * (`not_configured`, e.g. email kept in the outbox) or simulated (`test_mode`, payments).
 */
export const COMPONENT_STATES = ['healthy', 'degraded', 'down', 'not_configured', 'test_mode'] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];
export const healthComponentSchema = z.object({
  /** a stable id: database, jobs, outbox, email, sms, ai, payments, disk, source:<sync kind> */
  name: z.string(),
  /** the upstream's own name (sources); null for the service's own parts */
  label: z.string().nullable(),
  state: z.enum(COMPONENT_STATES),
  detail: z.string(),
  /** when this component was probed (outside services are probed at most once a minute) */
  checkedAt: iso,
});
export type HealthComponent = z.infer<typeof healthComponentSchema>;
export const systemHealthSchema = z.object({
  checkedAt: iso,
  components: z.array(healthComponentSchema),
  /** the banner's summary: error when a component is down, warning when one is degraded */
  status: z.enum(SERVICE_STATUSES),
  /** one line per component that is down or degraded */
  issues: z.array(z.string()),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

// ---------- News cache and search terms ----------

export const newsCacheEntrySchema = z.object({
  id: z.number().int(),
  legislationId: z.number().int(),
  title: z.string(),
  legislationType: z.string(),
  searchQuery: z.string(),
  fetchSuccess: z.boolean(),
  historic: z.boolean(),
  newArticlesCount: z.number().int(),
  updatedArticlesCount: z.number().int(),
  totalArticlesCount: z.number().int(),
  jurisdiction: z.string(),
  lastFetched: iso.nullable(),
  nextFetch: iso.nullable(),
  createdAt: iso,
  errorMessage: z.string().nullable(),
});
export type NewsCacheEntry = z.infer<typeof newsCacheEntrySchema>;
export const newsCacheListSchema = z.object({
  /** the reference time the New / Updated badges are measured from */
  now: iso,
  entries: z.array(newsCacheEntrySchema),
});
export type NewsCacheList = z.infer<typeof newsCacheListSchema>;

export const cachedArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  favicon: z.string().nullable(),
  snippet: z.string().nullable(),
  source: z.string(),
  date: iso.nullable(),
  url: z.string(),
  firstCachedAt: iso,
  lastUpdated: iso,
});
export const cachedArticleListSchema = z.object({ now: iso, articles: z.array(cachedArticleSchema) });
export type CachedArticleList = z.infer<typeof cachedArticleListSchema>;

export const searchTermsSchema = z.object({
  official: z.array(z.string()),
  alternatives: z.array(z.string()),
  generated_at: iso.nullable(),
});
export const adminSearchTermEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  searchTerms: searchTermsSchema,
});
export const memberSearchTermSummarySchema = z.object({
  term: z.string(),
  members: z.number().int(),
  activeMembers: z.number().int(),
  matchesLast30Days: z.number().int(),
});
export const adminSearchTermsSchema = z.object({
  memberTerms: z.array(memberSearchTermSummarySchema),
  newsTerms: z.array(adminSearchTermEntrySchema),
});
export type AdminSearchTerms = z.infer<typeof adminSearchTermsSchema>;
export const isPrimaryQuerySchema = z.object({
  isPrimary: z.enum(['true', 'false']).optional(),
});
export const regenerateBodySchema = z.object({ isPrimary: z.boolean().optional() }).strict();

// ---------- Legislation availability ----------

export const availabilityMapSchema = z.record(z.string(), z.boolean());
export const adminAvailabilitySchema = z.object({
  availability: availabilityMapSchema,
  enabledCount: z.number().int(),
  totalCount: z.number().int(),
});
export type AdminAvailability = z.infer<typeof adminAvailabilitySchema>;
export const availabilityUpdateSchema = z
  .object({
    availability: availabilityMapSchema,
    /** the spec's 'Override for admin': also allow switching off every type at once */
    override: z.boolean().optional(),
  })
  .strict();
export const initializeDefaultsResponseSchema = z.object({
  message: z.string(),
  totalItemsEnabled: z.number().int(),
  availability: availabilityMapSchema,
});
