/**
 * Everything the service holds about a member, as one JSON document written section by section
 * (the right of access and portability). Long lists are read in batches, so a member with years
 * of notifications is streamed, never held in memory at once.
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
import { listConsentRecords } from '#server/modules/cookies/cookie-preferences';

const BATCH = 500;

async function* batches<T extends { id: number }>(read: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The export as a stream of JSON text chunks. */
export async function* memberExport(db: DbOrTx, userId: number): AsyncGenerator<string> {
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
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"profile":${JSON.stringify(profile ?? null)}`;

  const section = async (name: string, value: unknown) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  yield await section(
    'alertPreferences',
    (await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)))[0] ?? null,
  );
  yield await section(
    'legislationPreferences',
    await db
      .select({
        code: userLegislationPreferences.legislationTypeCode,
        enabled: userLegislationPreferences.enabled,
      })
      .from(userLegislationPreferences)
      .where(eq(userLegislationPreferences.userId, userId)),
  );
  yield await section(
    'cookiePreferences',
    await db.select().from(cookiePreferences).where(eq(cookiePreferences.userId, userId)),
  );
  yield await section('consentRecords', await listConsentRecords(db, userId));
  yield await section(
    'subscriptions',
    await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)),
  );
  yield await section(
    'searchTerms',
    await db
      .select({
        term: searchTerms.searchTerm,
        isActive: searchTerms.isActive,
        createdAt: searchTerms.createdAt,
      })
      .from(searchTerms)
      .where(eq(searchTerms.userId, userId)),
  );
  yield await section(
    'sessions',
    await db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'member'))),
  );

  const list = async function* (name: string, rows: AsyncGenerator<unknown>) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const row of rows) {
      yield `${first ? '' : ','}${JSON.stringify(row)}`;
      first = false;
    }
    yield ']';
  };

  yield* list(
    'followsAndDismissals',
    batches((after) =>
      db
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
        .limit(BATCH),
    ),
  );
  yield* list(
    'notifications',
    batches((after) =>
      db
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
        .limit(BATCH),
    ),
  );
  yield* list(
    'messagesSent',
    batches((after) =>
      db
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
        .limit(BATCH),
    ),
  );
  yield '}\n';
}
