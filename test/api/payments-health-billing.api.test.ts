/**
 * Which payments mode a start chooses: a production-like start (DATABASE_URL set, no Stripe keys,
 * BILLING_TEST_MODE unset) sells no plan and says so; BILLING_TEST_MODE=true turns the test
 * checkout on, and its spec call with no payload at all starts Premium, monthly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('payments modes', () => {
  let database: TestDatabase;
  let production: TestApp;
  let trial: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // DATABASE_URL set makes the configuration that of a deployment on PostgreSQL
    production = await buildTestApp({ database, env: { DATABASE_URL: database.url } });
    trial = await buildTestApp({ database, env: { DATABASE_URL: database.url, BILLING_TEST_MODE: 'true' } });
  });
  afterAll(async () => {
    await production?.close();
    await trial?.close();
    await database?.destroy();
  });

  const noBody = { 'content-length': '0' };

  it('on a production-like start with no Stripe keys: 503 payments_not_configured, and no plan changes', async () => {
    expect(production.logs.join('\n')).toMatch(/payments: not configured/);
    const member = await buildSignedInUser(production.db);
    for (const call of [{ payload: { tier: 'basic', interval: 'year' } }, { headers: noBody }]) {
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        ...call,
        headers: { ...member.headers, ...call.headers },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'payments_not_configured' });
      expect(res.json().error.message).toMatch(/not configured/);
    }
    const status = await production.app.inject({
      method: 'GET',
      url: '/api/billing/status',
      headers: member.headers,
    });
    expect(status.json()).toMatchObject({ tier: 'trial', testMode: false, paymentsConfigured: false });
    // the test checkout's confirmation is not there either
    const confirm = await production.app.inject({
      method: 'POST',
      url: '/api/billing/test-mode/confirm',
      headers: member.headers,
      payload: { clientSecret: 'pi_test_0123456789_secret_0123456789' },
    });
    expect(confirm.statusCode).toBe(404);
    const me = await production.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.headers });
    expect(me.json().subscriptionTier).toBe('trial');
  });

  it('does not cancel a provider subscription it cannot reach, and changes nothing', async () => {
    const member = await buildSignedInUser(production.db, {
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      billingSubscriptionId: 'sub_provider_123',
    });
    const res = await production.app.inject({
      method: 'POST',
      url: '/api/billing/cancel',
      headers: member.headers,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payments_not_configured');
    const status = await production.app.inject({
      method: 'GET',
      url: '/api/billing/status',
      headers: member.headers,
    });
    expect(status.json()).toMatchObject({ tier: 'basic', status: 'active', cancelAt: null });
  });

  it('in the language of the reader', async () => {
    const member = await buildSignedInUser(production.db);
    const res = await production.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { ...member.headers, ...noBody, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/Kartenzahlungen/);
  });

  it('with BILLING_TEST_MODE=true: the spec call with no payload starts Premium monthly in test mode', async () => {
    expect(trial.logs.join('\n')).toMatch(/payments: test mode/);
    const member = await buildSignedInUser(trial.db);
    const res = await trial.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { ...member.headers, ...noBody },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tier: 'premium', interval: 'month', testMode: true });
    expect(res.json().clientSecret).toEqual(expect.any(String));
    const status = await trial.app.inject({
      method: 'GET',
      url: '/api/billing/status',
      headers: member.headers,
    });
    expect(status.json()).toMatchObject({ testMode: true, paymentsConfigured: true });
  });

  it('signed out: 401 before the body is looked at', async () => {
    for (const payload of ['', '{"tier":', '{"tier":"gold"}']) {
      const res = await trial.app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        headers: payload ? { 'content-type': 'application/json' } : noBody,
        payload,
      });
      expect(res.statusCode, payload).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});
