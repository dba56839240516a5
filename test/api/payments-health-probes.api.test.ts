/**
 * GET /api/admin/system-health: each dependency's state from a real probe against the loopback
 * servers (SMTP, SMS, OpenAI-compatible, Stripe) and against a closed port; plain labels for
 * what is not set up; probes cached; the database's own parts (queue, outbox, sources). And the
 * console's figures of primary and secondary legislation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, syncOperations } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { startStripeFake, type StripeFake } from '#test/support/stripe-fake';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { ADMIN_PASSWORD, signInAdmin } from './admin-console-setup';

const CLOSED = 'http://127.0.0.1:9';
const AI_KEY = rememberSecret('sk-health-probe-ai-key');
const SMS_TOKEN = rememberSecret('health-probe-sms-token');
const STRIPE_KEY = rememberSecret('sk_test_health_probe_key');
const SID = `AC${'7'.repeat(32)}`;

type Component = { name: string; label: string | null; state: string; detail: string; checkedAt: string };

describe.skipIf(postgresUnavailable())('system health probes', () => {
  let database: TestDatabase;
  let smtp: SmtpCaptureServer;
  let sms: SmsFake;
  let ai: OpenAiFake;
  let stripe: StripeFake;
  let live: TestApp;
  let closed: TestApp;
  let bare: TestApp;

  const healthOf = async (t: TestApp) => {
    const admin = await signInAdmin(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-health',
      cookies: admin.cookies,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { checkedAt: string; components: Component[] };
    const byName = Object.fromEntries(body.components.map((c) => [c.name, c]));
    return { body, byName };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    [smtp, sms, ai, stripe] = await Promise.all([
      startSmtpServer(),
      startSmsFake({ accountSid: SID, authToken: SMS_TOKEN }),
      startOpenAiFake({ apiKey: AI_KEY }),
      startStripeFake(),
    ]);
    const common = { ADMIN_PASSWORD, DATABASE_URL: database.url };
    const sender = { SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: SMS_TOKEN, SMS_FROM: '+447700900123' };
    live = await buildTestApp({
      database,
      env: {
        ...common,
        ...sender,
        SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
        SMS_API_URL: sms.url,
        AI_BASE_URL: ai.baseUrl,
        AI_API_KEY: AI_KEY,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_API_URL: stripe.url,
      },
    });
    closed = await buildTestApp({
      database,
      env: {
        ...common,
        ...sender,
        SMTP_URL: 'smtp://127.0.0.1:9',
        SMS_API_URL: CLOSED,
        AI_BASE_URL: CLOSED,
        AI_API_KEY: AI_KEY,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_API_URL: CLOSED,
      },
    });
    // a deployment with nothing set up but its database
    bare = await buildTestApp({ database, env: common });
  });
  afterAll(async () => {
    for (const t of [live, closed, bare]) await t?.close();
    await Promise.all([smtp?.stop(), sms?.close(), ai?.close(), stripe?.close()]);
    await database?.destroy();
  });

  it('probes the loopback services: healthy, each with the time of its probe', async () => {
    const { body, byName } = await healthOf(live);
    for (const name of ['database', 'jobs', 'outbox', 'email', 'sms', 'ai', 'payments'])
      expect(byName[name], name).toBeDefined();
    for (const name of ['email', 'sms', 'ai', 'payments']) {
      expect(byName[name]!.state, `${name}: ${byName[name]!.detail}`).toBe('healthy');
      expect(Date.parse(byName[name]!.checkedAt)).not.toBeNaN();
    }
    expect(byName.database!.state).toBe('healthy');
    expect(byName.email!.detail).toMatch(/accepted a connection/);
    expect(byName.payments!.detail).toMatch(/^Stripe at/);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    expect(JSON.stringify(body)).not.toContain(STRIPE_KEY);
    expect(JSON.stringify(body)).not.toContain(SMS_TOKEN);
  });

  it('caches the outside probes: a second view makes no new outside call', async () => {
    const balanceCalls = () => stripe.requests.filter((r) => r.path === '/v1/balance').length;
    const modelCalls = () => ai.httpRequests.filter((r) => r.path.endsWith('/models')).length;
    const before = { balance: balanceCalls(), models: modelCalls() };
    expect(before.balance).toBeGreaterThanOrEqual(1);
    const first = (await healthOf(live)).byName;
    const second = (await healthOf(live)).byName;
    expect({ balance: balanceCalls(), models: modelCalls() }).toEqual(before);
    expect(second.payments!.checkedAt).toBe(first.payments!.checkedAt);
  });

  it('reports down for a closed port, with what was found', async () => {
    const { byName } = await healthOf(closed);
    for (const name of ['email', 'sms', 'ai', 'payments']) {
      expect(byName[name]!.state, `${name}: ${byName[name]!.detail}`).toBe('down');
      expect(byName[name]!.detail).toMatch(/cannot connect|no answer/);
    }
  });

  it('labels what is not set up instead of calling it healthy', async () => {
    const { byName } = await healthOf(bare);
    expect(byName.email).toMatchObject({ state: 'not_configured' });
    expect(byName.email!.detail).toMatch(/kept in the outbox/);
    expect(byName.sms).toMatchObject({ state: 'not_configured' });
    expect(byName.ai).toMatchObject({ state: 'not_configured' });
    expect(byName.payments).toMatchObject({ state: 'not_configured' });
  });

  it('reads the outbox backlog and each source by the age of its last success', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await database.db.insert(outbox).values({
      channel: 'email',
      kind: 'test',
      recipient: 'backlog@example.com',
      bodyText: 'waiting',
      status: 'queued',
      createdAt: hoursAgo(2),
    });
    await database.db.insert(syncOperations).values([
      {
        syncType: 'uk-parliament',
        status: 'completed',
        startedAt: hoursAgo(0.1),
        completedAt: hoursAgo(0.1),
      },
      {
        syncType: 'scottish-parliament',
        status: 'completed',
        startedAt: hoursAgo(30),
        completedAt: hoursAgo(30),
      },
      {
        syncType: 'scottish-parliament',
        status: 'failed',
        startedAt: hoursAgo(1),
        completedAt: hoursAgo(1),
        errorMessage: 'upstream answered 502',
      },
    ]);
    const { byName } = await healthOf(bare);
    expect(byName.outbox!.state).toBe('down');
    expect(byName.outbox!.detail).toMatch(/1 waiting to be sent, the oldest for 2 h/);
    expect(byName['source:uk-parliament']).toMatchObject({
      state: 'healthy',
      label: 'UK Parliament Bills API',
    });
    expect(byName['source:uk-parliament']!.detail).toMatch(/^Last success 6 min ago/);
    expect(byName['source:scottish-parliament']!.state).toBe('down');
    expect(byName['source:scottish-parliament']!.detail).toMatch(/upstream answered 502/);
    expect(byName['source:secondary-legislation']).toMatchObject({
      state: 'degraded',
      detail: 'No sync has run yet',
    });
  });

  it('counts primary and secondary legislation by the types’ categories', async () => {
    const admin = await signInAdmin(bare);
    const read = async (url: string) =>
      (await bare.app.inject({ method: 'GET', url, cookies: admin.cookies })).json();
    const before = await read('/api/admin/database-stats');
    await buildLegalChange(database.db, { legislationType: 'ukpga', category: 'primary' });
    await buildLegalChange(database.db, { legislationType: 'scottish_parliament_bill', category: 'primary' });
    await buildLegalChange(database.db, { legislationType: 'uksi', category: 'secondary' });
    await buildLegalChange(database.db, { legislationType: 'ukdsi', category: 'secondary' });
    const after = await read('/api/admin/database-stats');
    expect(after.primaryLegislation - before.primaryLegislation).toBe(2);
    expect(after.secondaryLegislation - before.secondaryLegislation).toBe(2);
    const stats = await read('/api/admin/system-stats');
    expect(stats).toMatchObject({
      primaryLegislation: after.primaryLegislation,
      secondaryLegislation: after.secondaryLegislation,
    });
  });
});
