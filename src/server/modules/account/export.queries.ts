/**
 * What a member's data export reads: their profile, preferences, consents, subscriptions,
 * search terms and sessions, and their follows, notifications and messages a batch at a time
 * (rows after an id, in id order).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import {
  alertPreferences,
  cookiePreferences,
  legalChanges,
  notifications,
  outbox,
  searchTerms,
  sessions,
  userActions,
  userLegislationPreferences,
  userSubscriptions,
  users,
} from '#server/db/schema';

type Batch = { userId: number; after: number; limit: number };

export async function exportProfile(db: DbOrTx, userId: number) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      trialEndsAt: users.trialEndsAt,
      phoneNumber: users.phoneNumber,
      phoneVerified: users.phoneVerified,
      emailVerifiedAt: users.emailVerifiedAt,
      emailNotificationsEnabled: users.emailNotificationsEnabled,
      smsNotificationsEnabled: users.smsNotificationsEnabled,
      emailNewsAlertsEnabled: users.emailNewsAlertsEnabled,
      smsAlertsEnabled: users.smsAlertsEnabled,
      language: users.language,
      country: users.country,
      timezone: users.timezone,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return profile ?? null;
}

/** The member's alert preferences row as stored (every column). */
export async function exportAlertPreferences(db: DbOrTx, userId: number) {
  return (await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)))[0] ?? null;
}

export async function exportLegislationPreferences(db: DbOrTx, userId: number) {
  return db
    .select({
      code: userLegislationPreferences.legislationTypeCode,
      enabled: userLegislationPreferences.enabled,
    })
    .from(userLegislationPreferences)
    .where(eq(userLegislationPreferences.userId, userId));
}

/** The member's cookie preference rows as stored (every column). */
export async function exportCookiePreferences(db: DbOrTx, userId: number) {
  return db.select().from(cookiePreferences).where(eq(cookiePreferences.userId, userId));
}

/** The member's jurisdiction subscriptions as stored (every column). */
export async function exportSubscriptions(db: DbOrTx, userId: number) {
  return db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
}

export async function exportSearchTerms(db: DbOrTx, userId: number) {
  return db
    .select({
      term: searchTerms.searchTerm,
      isActive: searchTerms.isActive,
      createdAt: searchTerms.createdAt,
    })
    .from(searchTerms)
    .where(eq(searchTerms.userId, userId));
}

export async function exportSessions(db: DbOrTx, userId: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'member')));
}

export async function exportActionsBatch(db: DbOrTx, { userId, after, limit }: Batch) {
  return db
    .select({
      id: userActions.id,
      action: userActions.action,
      legalChangeId: userActions.legalChangeId,
      title: legalChanges.title,
      createdAt: userActions.createdAt,
      updatedAt: userActions.updatedAt,
    })
    .from(userActions)
    .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
    .where(and(eq(userActions.userId, userId), gt(userActions.id, after)))
    .orderBy(asc(userActions.id))
    .limit(limit);
}

export async function exportNotificationsBatch(db: DbOrTx, { userId, after, limit }: Batch) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      legislationId: notifications.legislationId,
      readAt: notifications.readAt,
      dismissedAt: notifications.dismissedAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, after)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

export async function exportMessagesBatch(db: DbOrTx, { userId, after, limit }: Batch) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      recipient: outbox.recipient,
      subject: outbox.subject,
      text: outbox.bodyText,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(and(eq(outbox.userId, userId), gt(outbox.id, after)))
    .orderBy(asc(outbox.id))
    .limit(limit);
}
