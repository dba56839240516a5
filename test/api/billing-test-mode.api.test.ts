/** Plans and payments in the embedded test mode (no Stripe keys). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('plans and payments', () => {
  describe('the embedded test mode (no Stripe keys)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('takes a checkout through the same webhook handler, says no money moves, lists the receipt and schedules cancellation after the minimum term', async () => {
      const member = await buildSignedInUser(t.db);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        headers: member.headers,
        payload: {},
      });
      expect(created.json()).toMatchObject({
        testMode: true,
        tier: 'premium',
        interval: 'month',
        amountPence: 5000,
      });
      const { clientSecret } = created.json();

      const other = await buildSignedInUser(t.db);
      const stolen = await t.app.inject({
        method: 'POST',
        url: '/api/billing/test-mode/confirm',
        headers: other.headers,
        payload: { clientSecret },
      });
      expect(stolen.statusCode).toBe(400);

      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/billing/test-mode/confirm',
        headers: member.headers,
        payload: { clientSecret },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().message).toMatch(/no money/i);
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.headers })
      ).json();
      expect(me).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/billing/test-mode/confirm',
            headers: member.headers,
            payload: { clientSecret },
          })
        ).statusCode,
      ).toBe(400);

      const invoices = (
        await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: member.headers })
      ).json();
      expect(invoices.payments).toEqual([
        expect.objectContaining({ amountPence: 5000, status: 'paid', testMode: true, tier: 'premium' }),
      ]);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: other.headers })).json()
          .payments,
      ).toEqual([]);

      const cancel = await t.app.inject({
        method: 'POST',
        url: '/api/billing/cancel',
        headers: member.headers,
      });
      expect(cancel.statusCode).toBe(200);
      const months = (new Date(cancel.json().cancelAt).getTime() - Date.now()) / (30.4 * 86_400_000);
      expect(months).toBeGreaterThan(11.5);
      // the plan stays until then
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/billing/status', headers: member.headers })).json(),
      ).toMatchObject({ tier: 'premium', status: 'active', testMode: true });
    });

    it('keeps payment records when the member deletes their account', async () => {
      const member = await buildSignedInUser(t.db);
      const { clientSecret } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-subscription',
          headers: member.headers,
          payload: { tier: 'basic', interval: 'month' },
        })
      ).json();
      await t.app.inject({
        method: 'POST',
        url: '/api/billing/test-mode/confirm',
        headers: member.headers,
        payload: { clientSecret },
      });
      await t.db.delete(users).where(eq(users.id, member.user.id));
      const kept = await t.db
        .select()
        .from(payments)
        .where(eq(payments.providerCustomerId, `cus_test_${member.user.id}`));
      expect(kept).toEqual([expect.objectContaining({ userId: null, amountPence: 1500, status: 'paid' })]);
    });
  });
});
