/**
 * Signed (generic) webhooks for programs: the secret answered once, events signed per the
 * Standard Webhooks specification (checked here with an HMAC written independently of the
 * service's), retried with the same message id after a 500, in the delivery log, and refused
 * for a private address without the allow-list.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertPreferences, outbox } from '#server/db/schema';
import { sendDigests } from '#server/modules/alerts/digests';
import type { TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import type { WebhookPost, WebhookReceiver } from '#test/support/webhook-receiver';
import type { OutboxSender } from '#server/modules/outbox/outbox-sender';
import { startWebhookSuite, stopWebhookSuite, webhookHelpers, type WebhookSuite } from './webhooks-setup';

/** What a receiving program does: recompute the signature from the raw body and compare. */
function verifyStandardWebhook(secret: string, post: WebhookPost): boolean {
  const id = String(post.request.headers['webhook-id']);
  const timestamp = String(post.request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${post.request.rawBody}`).digest();
  return String(post.request.headers['webhook-signature'])
    .split(' ')
    .some((sig) => {
      const [version, value] = sig.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe.skipIf(postgresUnavailable())('signed webhooks for programs', () => {
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
  const { call, paid, alertFor, makeDue } = webhookHelpers(() => ({ t, receiver }));

  const addGeneric = async (headers: Record<string, string>) => {
    const url = rememberSecret(receiver.newUrl('generic'));
    const res = await call(t, 'POST', '/api/user/webhooks', headers, { url, kind: 'generic' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: number; kind: string; maskedUrl: string; secret: string };
    rememberSecret(body.secret);
    return { url, hook: body, secret: body.secret };
  };

  it('answers the signing secret once, and signs each event so a program can verify it', async () => {
    const me = await paid();
    const { url, hook, secret } = await addGeneric(me.headers);
    expect(hook.kind).toBe('generic');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const list = await call(t, 'GET', '/api/user/webhooks', me.headers);
    expect(list.json()).toEqual([expect.objectContaining({ id: hook.id, kind: 'generic' })]);
    expect(list.body).not.toContain(secret.slice(6));

    const item = await alertFor(me.user.id, 'Estuary Barrage Bill');
    await sender.drain();
    const [post] = receiver.postsTo(url);
    expect(receiver.postsTo(url)).toHaveLength(1);
    expect(post!.request.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{16,}$/);
    expect(verifyStandardWebhook(secret, post!)).toBe(true);
    // a receiver refuses a forged body or a signature made with another secret
    expect(verifyStandardWebhook(secret, { ...post!, request: { ...post!.request, rawBody: '{}' } })).toBe(
      false,
    );
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, post!)).toBe(false);
    const sentAt = Number(post!.request.headers['webhook-timestamp']);
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(300);
    expect(post!.body).toEqual({
      type: 'legal_change.updated',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        legalChange: {
          id: item.id,
          url: `http://localhost:5000/legal-change/${item.id}?tab=timeline`,
          apiUrl: `http://localhost:5000/api/v1/legal-changes/${item.id}`,
        },
        change: {
          type: expect.any(String),
          title: 'New: Estuary Barrage Bill',
          message: 'A new bill has been published.',
        },
      },
    });
  });

  it('retries after a 500 with the same message id, and lists the post in the delivery log', async () => {
    const me = await paid();
    const { url, hook, secret } = await addGeneric(me.headers);
    receiver.failNext(1, 500);
    const item = await alertFor(me.user.id, 'Tidal Lagoon Bill');
    expect(await sender.drain()).toMatchObject({ retried: 1 });
    const first = receiver.http.requestsTo('POST', new URL(url).pathname);
    expect(first).toHaveLength(1);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.webhookId, hook.id));
    expect(queued).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('500'),
    });
    await makeDue(eq(outbox.id, queued!.id));
    await sender.drain();
    const [post] = receiver.postsTo(url);
    expect(receiver.postsTo(url)).toHaveLength(1);
    expect(post!.request.headers['webhook-id']).toBe(first[0]!.headers['webhook-id']);
    expect(verifyStandardWebhook(secret, post!)).toBe(true);

    const log = await call(t, 'GET', '/api/user/deliveries', me.headers);
    expect(log.statusCode).toBe(200);
    expect(log.json().data.filter((d: { channel: string }) => d.channel === 'webhook')).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        kind: 'alert',
        status: 'sent',
        recipient: hook.maskedUrl,
        legalChange: { id: item.id, title: 'Tidal Lagoon Bill' },
      }),
    ]);
    expect(log.body).not.toContain(new URL(url).pathname);
  });

  it('sends a daily member’s digest as one signed notification.created event', async () => {
    const me = await paid();
    await t.db.insert(alertPreferences).values({ userId: me.user.id, alertFrequency: 'daily' });
    const { url, secret } = await addGeneric(me.headers);
    const item = await alertFor(me.user.id, 'Sea Wall Bill');
    await sendDigests(
      t.db,
      t.config,
      t.app.secrets.appSecret,
      'daily',
      new Date(Date.now() + 2 * 86_400_000),
    );
    await sender.drain();
    const [post] = receiver.postsTo(url);
    expect(receiver.postsTo(url)).toHaveLength(1);
    expect(verifyStandardWebhook(secret, post!)).toBe(true);
    expect(post!.body).toMatchObject({
      type: 'notification.created',
      data: {
        notification: {
          kind: 'digest',
          period: 'daily',
          title: 'Your daily Lexwatch digest: 1 update',
          items: [{ legalChange: { id: item.id }, change: { title: 'New: Sea Wall Bill' } }],
          more: 0,
        },
      },
    });
  });

  it('refuses a private or loopback address without the allow-list, and a missing kind', async () => {
    const me = await paid();
    for (const url of [receiver.newUrl('generic'), 'https://10.1.2.3/hooks/x', 'https://[::1]/hooks/x']) {
      const res = await call(strict, 'POST', '/api/user/webhooks', me.headers, { url, kind: 'generic' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_webhook_url' } });
      expect(res.body).not.toContain('whsec_');
    }
    const bad = await call(t, 'POST', '/api/user/webhooks', me.headers, { url: receiver.newUrl('generic') });
    expect(bad.statusCode).toBe(400);
    const anonymous = await call(t, 'POST', '/api/user/webhooks', {}, { url: 'x', kind: 'generic' });
    expect(anonymous.statusCode).toBe(401);
  });
});
