import type { AppCaches } from '#server/app-caches';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#server/db/client';
import { eq } from 'drizzle-orm';
import { admins, legalChanges, notifications, sessions, users } from '#server/db/schema';
import { hashToken, SESSION_COOKIE } from '#server/plugins/session';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;

export type NewLegalChange = typeof legalChanges.$inferInsert;
export type NewUser = typeof users.$inferInsert;

/** A legal change with realistic defaults; any field can be overridden. */
export async function buildLegalChange(db: DbOrTx, overrides: Partial<NewLegalChange> = {}) {
  const id = next();
  const [row] = await db
    .insert(legalChanges)
    .values({
      source: 'parliament_bills',
      upstreamId: `test-${id}`,
      title: `Test Bill ${id}`,
      longTitle: `A Bill to make provision about test ${id}.`,
      description: `A bill about testing ${id}.`,
      category: 'primary',
      legislationType: 'uk_parliament_bill',
      status: 'active',
      jurisdictionId: 1,
      currentStage: '2nd reading',
      currentHouse: 'Commons',
      itemDate: '2026-10-01',
      itemDateKind: 'stage',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A verified member on a trial (password hash is set by the accounts module's own helper when needed). */
export async function buildUser(db: DbOrTx, overrides: Partial<NewUser> = {}) {
  const id = next();
  const [row] = await db
    .insert(users)
    .values({
      email: `member-${id}@example.test`,
      passwordHash: 'not-a-usable-hash',
      firstName: 'Test',
      lastName: `Member ${id}`,
      trialEndsAt: new Date(Date.now() + 30 * 86_400_000),
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A signed-in session for a member: returns the raw token (send as cookie or Bearer). An admin
 * session (`kind: 'admin'`) belongs to the built-in owner unless `adminId` says otherwise.
 */
export async function buildSession(
  db: DbOrTx,
  userId: number,
  overrides: Partial<typeof sessions.$inferInsert> = {},
) {
  const token = randomBytes(32).toString('base64url');
  const adminId =
    overrides.kind === 'admin' && overrides.adminId === undefined
      ? (await db.select({ id: admins.id }).from(admins).where(eq(admins.builtInOwner, true)))[0]?.id
      : undefined;
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    ...(adminId === undefined ? {} : { adminId }),
    ...overrides,
  });
  return token;
}

/** A member with a session: `headers` authenticate an inject() call. */
export async function buildSignedInUser(db: DbOrTx, overrides: Partial<NewUser> = {}) {
  const user = await buildUser(db, overrides);
  const token = await buildSession(db, user.id);
  return {
    user,
    token,
    headers: { authorization: `Bearer ${token}` },
    cookie: { name: SESSION_COOKIE, value: token },
  };
}

/**
 * An in-app notification for `userId`, announced to this process's open streams as the
 * matcher would announce it; any field can be overridden.
 */
export async function buildNotification(
  { db, app }: { db: DbOrTx; app: { caches: AppCaches } },
  userId: number,
  overrides: Partial<typeof notifications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: 'update',
      title: `Notification ${next()}`,
      message: 'Stage changed.',
      dedupeKey: `test-${next()}`,
      ...overrides,
    })
    .returning();
  app.caches.notifier.published(row!.id);
  return row!;
}
