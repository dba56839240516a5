import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '#server/db/schema';
import { runTrialEnd } from '#server/modules/billing/trial';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const DAY = 86_400_000;

describe.skipIf(postgresUnavailable())('the end of the free trial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const mails = async (userId: number) =>
    (
      await t.db
        .select({ kind: outbox.kind, subject: outbox.subject })
        .from(outbox)
        .where(eq(outbox.userId, userId))
    ).map((m) => m.subject);

  it('reminds 7 days and 1 day before, once each, then expires the trial keeping the account', async () => {
    const now = new Date('2026-11-25T08:00:00Z');
    const soon = await buildUser(t.db, { trialEndsAt: new Date(now.getTime() + 6 * DAY) });
    const tomorrow = await buildUser(t.db, { trialEndsAt: new Date(now.getTime() + 0.5 * DAY) });
    const over = await buildUser(t.db, { trialEndsAt: new Date(now.getTime() - DAY) });
    const paid = await buildUser(t.db, {
      trialEndsAt: new Date(now.getTime() - DAY),
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
    });

    await runTrialEnd(t.db, 'https://lexwatch.test', now);
    await runTrialEnd(t.db, 'https://lexwatch.test', now);
    expect(await mails(soon.id)).toEqual(['Your Lexwatch trial ends on 1 December 2026']);
    expect(await mails(tomorrow.id)).toEqual(['Your Lexwatch trial ends on 25 November 2026']);
    expect(await mails(over.id)).toEqual(['Your Lexwatch trial has ended']);
    expect(await mails(paid.id)).toEqual([]);

    const status = async (id: number) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.subscriptionStatus;
    expect(await status(over.id)).toBe('expired');
    expect(await status(soon.id)).toBe('trialing');
    expect(await status(paid.id)).toBe('active');

    // six days later the first member gets the last reminder, and nothing twice
    await runTrialEnd(t.db, 'https://lexwatch.test', new Date(now.getTime() + 5.5 * DAY));
    expect(await mails(soon.id)).toEqual([
      'Your Lexwatch trial ends on 1 December 2026',
      'Your Lexwatch trial ends on 1 December 2026',
    ]);
  });

  it('keeps an expired trial read-only: no new follows, the old ones stay', async () => {
    const member = await buildSignedInUser(t.db, { trialEndsAt: new Date(Date.now() - DAY) });
    const kept = await buildLegalChange(t.db);
    const follow = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${id}/action`,
        headers: member.headers,
        payload: { action: 'followed' },
      });
    expect((await follow(kept.id)).statusCode).toBe(200);
    await runTrialEnd(t.db, 'https://lexwatch.test');
    const refused = await follow((await buildLegalChange(t.db)).id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('trial_expired');
    const action = await t.app.inject({
      method: 'GET',
      url: `/api/legal-changes/${kept.id}/action`,
      headers: member.headers,
    });
    expect(action.json()).toMatchObject({ action: 'followed' });
  });
});
