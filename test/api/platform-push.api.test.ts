/**
 * Browser push: the VAPID key (generated once into DATA_DIR), a browser's subscription, alerts
 * pushed to a loopback push service encrypted to the browser's keys (decrypted here as a browser
 * would, RFC 8291) with a VAPID authorization (RFC 8292), and a 410 removing the subscription.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertPreferences, outbox, pushSubscriptions } from '#server/db/schema';
import { sendDigests } from '#server/modules/alerts/digests';
import { createOutboxSender, type OutboxSender } from '#server/modules/outbox/outbox-sender';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { browserKeys, decryptPush, verifyVapid } from '#test/support/push-browser';
import { startPushService, type PushService } from '#test/support/push-service';
import { postgresUnavailable } from '#test/support/test-database';
import { webhookHelpers } from './webhooks-setup';

describe.skipIf(postgresUnavailable())('browser push', () => {
  let t: TestApp;
  let strict: TestApp;
  let push: PushService;
  let sender: OutboxSender;
  beforeAll(async () => {
    push = await startPushService();
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
    strict = await buildTestApp({ database: t.database });
    sender = createOutboxSender({ config: t.config, db: t.db, log: t.app.log, email: null, sms: null });
  });
  afterAll(async () => {
    await sender.close();
    await strict.close();
    await t.close();
    await push.close();
  });
  const { call, alertFor } = webhookHelpers(() => ({ t, receiver: undefined as never }));

  const subscribe = async (headers: Record<string, string>) => {
    const keys = browserKeys();
    const endpoint = rememberSecret(push.newEndpoint());
    const res = await call(t, 'POST', '/api/user/push-subscriptions', headers, { endpoint, keys: keys.json });
    expect(res.statusCode).toBe(201);
    return { keys, endpoint, id: (res.json() as { id: number }).id };
  };

  it('pushes an alert encrypted to the browser’s keys, with TTL and a VAPID authorization', async () => {
    const key = await call(t, 'GET', '/api/push/vapid-public-key', {});
    expect(key.statusCode).toBe(200);
    const { publicKey } = key.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // generated once into DATA_DIR, readable only by its owner, and the same on the next call
    const file = join(t.config.DATA_DIR, 'vapid-keys');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(publicKey);
    rememberSecret((JSON.parse(readFileSync(file, 'utf8')) as { privateKey: string }).privateKey);

    const me = await buildSignedInUser(t.db);
    const browser = await subscribe(me.headers);
    const item = await alertFor(me.user.id, 'Lighthouse Dues Bill');
    await sender.drain();
    const [received] = push.pushesTo(browser.endpoint);
    expect(push.pushesTo(browser.endpoint)).toHaveLength(1);
    expect(received!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    const vapid = verifyVapid(String(received!.headers.authorization));
    expect(vapid.key).toBe(publicKey);
    expect(vapid.claims).toMatchObject({ aud: push.url, sub: expect.stringMatching(/^(mailto:|https:)/) });
    expect(Number(vapid.claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.parse(decryptPush(browser.keys, received!.body))).toEqual({
      title: 'New: Lighthouse Dues Bill',
      body: 'A new bill has been published.',
      url: `http://localhost:5000/legal-change/${item.id}?tab=timeline`,
      tag: `legal-change-${item.id}`,
    });
    expect(() => decryptPush(browserKeys(), received!.body)).toThrow(); // another browser cannot read it

    const log = await call(t, 'GET', '/api/user/deliveries', me.headers);
    const pushed = (log.json() as { data: { channel: string }[] }).data.filter((d) => d.channel === 'push');
    expect(pushed).toEqual([expect.objectContaining({ status: 'sent', recipient: push.url })]);
    expect(log.body).not.toContain(new URL(browser.endpoint).pathname);
  });

  it('removes a subscription the push service answers 410 Gone for, and pushes to it no more', async () => {
    const me = await buildSignedInUser(t.db);
    const browser = await subscribe(me.headers);
    push.answerNext(1, 410);
    await alertFor(me.user.id, 'Harbour Pilots Bill');
    expect(await sender.drain()).toMatchObject({ failed: 1, retried: 0 });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id))).toEqual(
      [],
    );
    const rows = await t.db.select().from(outbox).where(eq(outbox.channel, 'push'));
    expect(rows.filter((r) => r.userId === me.user.id)).toEqual([
      expect.objectContaining({ status: 'failed', lastError: expect.stringContaining('410') }),
    ]);
    await alertFor(me.user.id, 'Harbour Lights Bill');
    await sender.drain();
    expect(push.pushesTo(browser.endpoint)).toHaveLength(1); // only the answered-410 one
  });

  it('pushes a daily member’s digest once per browser, opening the dashboard', async () => {
    const me = await buildSignedInUser(t.db);
    await t.db.insert(alertPreferences).values({ userId: me.user.id, alertFrequency: 'daily' });
    const browser = await subscribe(me.headers);
    await alertFor(me.user.id, 'Ferry Berth Bill');
    await sender.drain();
    expect(push.pushesTo(browser.endpoint)).toHaveLength(0); // nothing immediate
    const later = new Date(Date.now() + 2 * 86_400_000);
    await sendDigests(t.db, t.config, t.app.secrets.appSecret, 'daily', later);
    await sendDigests(t.db, t.config, t.app.secrets.appSecret, 'daily', later);
    await sender.drain();
    const pushed = push.pushesTo(browser.endpoint);
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(decryptPush(browser.keys, pushed[0]!.body))).toEqual({
      title: 'Your daily Lexwatch digest: 1 update',
      body: '',
      url: 'http://localhost:5000/',
      tag: 'digest',
    });
  });

  it('turns push off per browser, and validates what a browser sends', async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const browser = await subscribe(me.headers);
    const url = `/api/user/push-subscriptions/${browser.id}`;
    expect((await call(t, 'DELETE', url, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', url, me.headers)).json()).toEqual({ id: browser.id, deleted: true });
    expect((await call(t, 'DELETE', url, me.headers)).statusCode).toBe(404);

    const keys = browserKeys().json;
    const post = (app: TestApp, headers: Record<string, string>, body: object) =>
      call(app, 'POST', '/api/user/push-subscriptions', headers, body);
    expect((await post(t, {}, { endpoint: 1 })).statusCode).toBe(401);
    expect((await post(t, me.headers, { endpoint: push.newEndpoint() })).statusCode).toBe(400);
    const badKey = await post(t, me.headers, {
      endpoint: push.newEndpoint(),
      keys: { ...keys, p256dh: Buffer.alloc(65, 7).toString('base64url') },
    });
    expect(badKey.json()).toMatchObject({ error: { code: 'invalid_push_keys' } });
    for (const endpoint of [push.newEndpoint(), 'https://169.254.169.254/push/x', 'ftp://push.example/x']) {
      const refused = await post(strict, me.headers, { endpoint, keys });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_push_endpoint' } });
    }
  });
});
