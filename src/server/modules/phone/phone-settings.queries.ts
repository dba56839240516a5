/** The member's phone number and channel switches (columns of `users`). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { users } from '#server/db/schema';
import type { PhoneSettings } from '#shared/schemas/preferences';

const phoneSettingsColumns = {
  phoneNumber: users.phoneNumber,
  phoneVerified: users.phoneVerified,
  emailNotificationsEnabled: users.emailNotificationsEnabled,
  smsNotificationsEnabled: users.smsNotificationsEnabled,
  emailNewsAlertsEnabled: users.emailNewsAlertsEnabled,
  smsAlertsEnabled: users.smsAlertsEnabled,
};

/** The member's settings (locked for the transaction with `forUpdate`); undefined when they are gone. */
export async function findPhoneSettings(
  db: DbOrTx,
  params: { userId: number; forUpdate?: boolean },
): Promise<PhoneSettings | undefined> {
  const query = db.select(phoneSettingsColumns).from(users).where(eq(users.id, params.userId));
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function writePhoneSettings(
  db: DbOrTx,
  params: { userId: number; change: Partial<PhoneSettings>; now: Date },
): Promise<PhoneSettings> {
  const [row] = await db
    .update(users)
    .set({ ...params.change, updatedAt: params.now })
    .where(eq(users.id, params.userId))
    .returning(phoneSettingsColumns);
  return row!;
}
