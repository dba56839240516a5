/**
 * A member's alert preferences in the database: the alert_preferences row (absent until first
 * saved) joined with the email, SMS and phone columns kept on the member.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { alertPreferences, users } from '#server/db/schema';

const ap = alertPreferences;

export async function alertPreferencesRow(db: DbOrTx, params: { userId: number }) {
  const [row] = await db
    .select({
      emailAlertsEnabled: users.emailNotificationsEnabled,
      smsAlertsEnabled: users.smsAlertsEnabled,
      phoneNumber: users.phoneNumber,
      phoneVerified: users.phoneVerified,
      alertFrequency: ap.alertFrequency,
      newBillAlerts: ap.newBillAlerts,
      statusChangeAlerts: ap.statusChangeAlerts,
      stageChangeAlerts: ap.stageChangeAlerts,
      deadlineAlerts: ap.deadlineAlerts,
      lawInForceAlerts: ap.lawInForceAlerts,
    })
    .from(users)
    .leftJoin(ap, eq(ap.userId, users.id))
    .where(eq(users.id, params.userId));
  return row ?? null;
}

export async function updateMemberAlertSwitches(
  db: DbOrTx,
  params: { userId: number; change: Partial<typeof users.$inferInsert> },
): Promise<void> {
  await db
    .update(users)
    .set({ ...params.change, updatedAt: new Date() })
    .where(eq(users.id, params.userId));
}

export async function upsertAlertTypes(
  db: DbOrTx,
  params: { userId: number; given: Partial<typeof ap.$inferInsert> },
): Promise<void> {
  const { userId, given } = params;
  await db
    .insert(ap)
    .values({ userId, ...given })
    .onConflictDoUpdate({ target: ap.userId, set: { ...given, updatedAt: new Date() } });
}
