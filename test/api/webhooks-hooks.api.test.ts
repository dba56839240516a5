/**
 * Team-chat webhooks a member manages (who may add them, which destinations, how many) and the
 * member's delivery log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userWebhooks } from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import type { OutboxSender } from '#server/modules/outbox/outbox-sender';
import type { TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import type { WebhookReceiver } from '#test/support/webhook-receiver';
import { startWebhookSuite, stopWebhookSuite, webhookHelpers, type WebhookSuite } from './webhooks-setup';

describe.skipIf(postgresUnavailable())('team-chat webhooks and the delivery log', () => {
  let suite: WebhookSuite;
  let t: TestApp;
  let strict: TestApp;
  let receiver: WebhookReceiver;
  let sender: OutboxSender;
  beforeAll(async () => {
    suite = await startWebhookSuite();
    ({ t, strict, receiver, sender } = suite);
  });
  beforeEach(() => receiver.clear());
  afterAll(() => stopWebhookSuite(suite));
  const { call, paid, addHook, alertFor } = webhookHelpers(() => ({ t, receiver }));

  it.each([
    ['GET', '/api/user/webhooks'],
    ['POST', '/api/user/webhooks'],
    ['DELETE', '/api/user/webhooks/1'],
    ['GET', '/api/user/deliveries'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(
      t,
      method,
      url,
      {},
      method === 'POST' ? { url: 'https://x.test', kind: 'slack' } : undefined,
    );
    expect(res.statusCode).toBe(401);
  });

  it('refuses members on the trial with a clear message', async () => {
    const trial = await buildSignedInUser(t.db);
    const res = await call(t, 'POST', '/api/user/webhooks', trial.headers, {
      url: receiver.newUrl('slack'),
      kind: 'slack',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'plan_required',
      message: expect.stringMatching(/Basic and Premium/),
    });
  });

  it.each([
    ['a loopback receiver over http', () => receiver.newUrl('slack')],
    ['loopback over https', () => 'https://127.0.0.1/services/T/B/x'],
    ['a private address', () => 'https://10.1.2.3/services/T/B/x'],
    ['CGNAT', () => 'https://100.64.0.9/services/T/B/x'],
    ['cloud metadata (link-local)', () => 'https://169.254.169.254/latest'],
    ['IPv6 loopback', () => 'https://[::1]/hook'],
    ['IPv6 unique-local', () => 'https://[fd12:3456::1]/hook'],
    ['IPv4-mapped IPv6 loopback', () => 'https://[::ffff:127.0.0.1]/hook'],
    ['a name resolving to loopback', () => 'https://localhost/services/T/B/x'],
    ['a plain-http public host', () => 'http://93.184.216.34/services/T/B/x'],
    ['credentials in the URL', () => 'https://user:pw@93.184.216.34/services/T/B/x'],
    ['not a URL', () => 'hooks.slack.com/services/x'],
  ])('without the allow-list, refuses %s with a 400', async (_, url) => {
    const me = await paid();
    const res = await call(strict, 'POST', '/api/user/webhooks', me.headers, { url: url(), kind: 'slack' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/https:\/\/|private|host|user name|URL/);
    expect(await t.db.select().from(userWebhooks).where(eq(userWebhooks.userId, me.user.id))).toEqual([]);
  });

  it('accepts the loopback receiver only with the allow-list, and a public https host always', async () => {
    const me = await paid();
    const { hook } = await addHook(me.headers, 'slack');
    expect(hook.maskedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…\/\w{4}$/);
    const token = rememberSecret('abcdefghijklmnopqrstXYZ9');
    const res = await call(strict, 'POST', '/api/user/webhooks', me.headers, {
      url: `https://93.184.216.34/services/T0/B0/${token}`,
      kind: 'teams',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      kind: 'teams',
      maskedUrl: 'https://93.184.216.34/…/XYZ9',
      status: 'active',
      failureCount: 0,
      lastError: null,
      createdAt: expect.any(String),
      disabledAt: null,
    });
    const list = await call(t, 'GET', '/api/user/webhooks', me.headers);
    expect(list.body).not.toContain(token);
    expect(list.json().map((h: { maskedUrl: string }) => h.maskedUrl)).toEqual([
      hook.maskedUrl,
      'https://93.184.216.34/…/XYZ9',
    ]);
  });

  it('keeps at most 5 hooks a member, removes only the member’s own, and 404s the rest', async () => {
    const me = await paid();
    const other = await paid();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addHook(me.headers, i % 2 ? 'teams' : 'slack')).hook.id);
    const sixth = await call(t, 'POST', '/api/user/webhooks', me.headers, {
      url: receiver.newUrl('slack'),
      kind: 'slack',
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('webhook_limit_reached');
    expect((await call(t, 'DELETE', `/api/user/webhooks/${ids[0]}`, other.headers)).statusCode).toBe(404);
    const gone = await call(t, 'DELETE', `/api/user/webhooks/${ids[0]}`, me.headers);
    expect(gone.json()).toEqual({ id: ids[0], deleted: true });
    expect((await call(t, 'DELETE', `/api/user/webhooks/${ids[0]}`, me.headers)).statusCode).toBe(404);
    const list = (await call(t, 'GET', '/api/user/webhooks', me.headers)).json() as { id: number }[];
    expect(list.map((h) => h.id)).toEqual(ids.slice(1));
    const bad = await call(t, 'POST', '/api/user/webhooks', me.headers, {
      url: receiver.newUrl('slack'),
      kind: 'discord',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the member’s own messages of the last 90 days, newest first, masked and without bodies', async () => {
    const me = await paid();
    const other = await paid();
    await addHook(me.headers, 'teams');
    const item = await alertFor(me.user.id, 'Towpath Bill');
    await sender.drain();
    await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: '+447911123456',
      bodyText: 'Your Lexwatch code is 123456',
      userId: me.user.id,
    });
    await enqueueMessage(t.db, {
      channel: 'email',
      kind: 'test',
      recipient: me.user.email,
      subject: 'Old news',
      bodyText: 'secret body',
      userId: me.user.id,
      queuedAt: new Date(Date.now() - 91 * 86_400_000),
    });
    await enqueueMessage(t.db, {
      channel: 'email',
      kind: 'test',
      recipient: other.user.email,
      subject: 'Not mine',
      bodyText: 'x',
      userId: other.user.id,
    });
    const page1 = await call(t, 'GET', '/api/user/deliveries?limit=2', me.headers);
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json();
    expect(body1.data).toHaveLength(2);
    expect(body1.data[0]).toEqual({
      id: expect.any(Number),
      channel: 'sms',
      kind: 'phone_code',
      summary: 'Phone verification code',
      recipient: '•••• 3456',
      status: 'queued',
      createdAt: expect.any(String),
      sentAt: null,
      legalChange: null,
    });
    expect(body1.nextCursor).toEqual(String(body1.data[1].id));
    const page2 = (
      await call(t, 'GET', `/api/user/deliveries?limit=2&cursor=${body1.nextCursor}`, me.headers)
    ).json();
    const all = [...body1.data, ...page2.data];
    expect(page2.nextCursor).toBeNull();
    expect(all.map((d: { channel: string }) => d.channel).sort()).toEqual(['email', 'sms', 'webhook']);
    const hook = all.find((d: { channel: string }) => d.channel === 'webhook');
    expect(hook).toMatchObject({
      status: 'sent',
      summary: 'New: Towpath Bill',
      recipient: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…\/\w{4}$/),
      legalChange: { id: item.id, title: 'Towpath Bill' },
      sentAt: expect.any(String),
    });
    const mail = all.find((d: { channel: string }) => d.channel === 'email');
    expect(mail.recipient).toBe(`${me.user.email[0]}•••${me.user.email.slice(me.user.email.indexOf('@'))}`);
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/123456|secret body|Old news|Not mine|MessageCard/);
    const bad = await call(t, 'GET', '/api/user/deliveries?cursor=abc', me.headers);
    expect(bad.statusCode).toBe(400);
  });
});
