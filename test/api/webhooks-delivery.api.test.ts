/**
 * Team-chat webhooks posting alerts and digests: once each, formatted per kind, retried,
 * refused at send time for private destinations, and disabled after repeated failures.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertPreferences, outbox, users, userWebhooks } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { sendDigests } from '#server/modules/alerts/digests';
import { createOutboxSender, type OutboxSender } from '#server/modules/outbox/outbox-sender';
import { postWebhook } from '#server/modules/outbox/channels/webhook-post';
import type { TestApp } from '#test/support/build-test-app';
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
  const { call, paid, addHook, alertFor, makeDue } = webhookHelpers(() => ({ t, receiver }));

  it('posts each alert once to every hook, formatted for Slack and for Teams, and never twice on a re-run', async () => {
    const me = await paid();
    const slack = await addHook(me.headers, 'slack');
    const teams = await addHook(me.headers, 'teams');
    const item = await alertFor(me.user.id, 'Culvert <Safety> & Drainage Bill');
    await sender.drain();
    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret); // a re-run queues nothing new
    await sender.drain();

    const [s] = receiver.postsTo(slack.url);
    expect(receiver.postsTo(slack.url)).toHaveLength(1);
    const link = `http://localhost:5000/legal-change/${item.id}?tab=timeline`;
    expect(s!.body).toEqual({
      text: `New: Culvert <Safety> & Drainage Bill: A new bill has been published. ${link}`,
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `*<${link}|New: Culvert &lt;Safety&gt; &amp; Drainage Bill>*\nA new bill has been published.`,
          },
        },
      ],
      unfurl_links: false,
    });
    expect(s!.request.headers['content-type']).toMatch(/^application\/json/);
    const [m] = receiver.postsTo(teams.url);
    expect(receiver.postsTo(teams.url)).toHaveLength(1);
    expect(m!.body).toMatchObject({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      title: 'New: Culvert <Safety> & Drainage Bill',
      summary: 'New: Culvert <Safety> & Drainage Bill',
      text: 'A new bill has been published.',
      potentialAction: [{ '@type': 'OpenUri', targets: [{ os: 'default', uri: link }] }],
    });
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, me.user.id), eq(outbox.channel, 'webhook')))
      .orderBy(outbox.id);
    expect(rows.map((r) => [r.status, r.recipient, r.legalChangeId])).toEqual([
      ['sent', slack.hook.maskedUrl, item.id],
      ['sent', teams.hook.maskedUrl, item.id],
    ]);
    expect(rows[0]!.dedupeKey).toMatch(new RegExp(`^webhook:${slack.hook.id}:\\d+$`));
    expect(JSON.stringify(rows)).not.toContain(new URL(slack.url).pathname);
  });

  it('posts a daily member’s digest once to each hook, with a linked line per alert', async () => {
    const me = await paid();
    await t.db.insert(alertPreferences).values({ userId: me.user.id, alertFrequency: 'daily' });
    const slack = await addHook(me.headers, 'slack');
    const teams = await addHook(me.headers, 'teams');
    const a = await alertFor(me.user.id, 'Quayside [Works] Bill');
    const b = await alertFor(me.user.id, 'Quayside Lighting Bill');
    await sender.drain();
    expect(receiver.posts).toHaveLength(0); // nothing immediate for a daily member
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await sendDigests(t.db, t.config, t.app.secrets.appSecret, 'daily', later)).toMatchObject({
      webhooks: 2,
    });
    await sendDigests(t.db, t.config, t.app.secrets.appSecret, 'daily', later);
    await sender.drain();
    const [s] = receiver.postsTo(slack.url);
    expect(receiver.postsTo(slack.url)).toHaveLength(1);
    const link = (id: number) => `http://localhost:5000/legal-change/${id}?tab=timeline`;
    expect(s!.body).toEqual({
      text: 'Your daily Lexwatch digest: 2 updates',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: '*Your daily Lexwatch digest: 2 updates*' } },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `• <${link(a.id)}|New: Quayside [Works] Bill>\n• <${link(b.id)}|New: Quayside Lighting Bill>`,
          },
        },
      ],
      unfurl_links: false,
    });
    const [m] = receiver.postsTo(teams.url);
    expect(receiver.postsTo(teams.url)).toHaveLength(1);
    expect(m!.body).toMatchObject({
      '@type': 'MessageCard',
      title: 'Your daily Lexwatch digest: 2 updates',
      text: `- [New: Quayside \\[Works\\] Bill](${link(a.id)})\n- [New: Quayside Lighting Bill](${link(b.id)})`,
    });
  });

  it('retries a post the hook answered with 500 and delivers it once', async () => {
    const me = await paid();
    const slack = await addHook(me.headers, 'slack');
    receiver.failNext(1, 500);
    await alertFor(me.user.id, 'Pylon Siting Bill');
    expect(await sender.drain()).toMatchObject({ retried: 1 });
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.webhookId, slack.hook.id));
    expect(queued).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('500'),
    });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(
      (await t.db.select().from(userWebhooks).where(eq(userWebhooks.id, slack.hook.id)))[0]!.failureCount,
    ).toBe(1);
    await makeDue(eq(outbox.id, queued!.id));
    await sender.drain();
    await sender.drain();
    expect(receiver.postsTo(slack.url)).toHaveLength(1);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, provider: 'slack' });
    const [hook] = await t.db.select().from(userWebhooks).where(eq(userWebhooks.id, slack.hook.id));
    expect(hook).toMatchObject({ failureCount: 0, lastError: null, disabledAt: null });
  });

  it('gives up on a hook that does not answer within the time limit, as a failure worth retrying', async () => {
    const url = receiver.newUrl('slack');
    const off = receiver.http.on('POST', /^\/services\//, () => ({ hang: true }));
    const started = Date.now();
    await expect(
      postWebhook(url, { text: 'x' }, { allowPrivate: ['127.0.0.1'], timeoutMs: 300 }),
    ).rejects.toMatchObject({ message: 'webhook unreachable: timed out', permanent: false });
    expect(Date.now() - started).toBeLessThan(3000);
    off();
  });

  it('fails a post for good when the hook answers 404', async () => {
    const me = await paid();
    const gone = await addHook(me.headers, 'slack');
    receiver.failNext(1, 404);
    await alertFor(me.user.id, 'Sluice Gate Bill');
    expect(await sender.drain()).toMatchObject({ failed: 1 });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.webhookId, gone.hook.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('404') });
  });

  it('checks the destination again at send time: a sender without the allow-list refuses loopback', async () => {
    const me = await paid();
    const moved = await addHook(me.headers, 'teams');
    const strictSender = createOutboxSender({
      config: strict.config,
      db: t.db,
      log: t.app.log,
      email: null,
      sms: null,
    });
    await alertFor(me.user.id, 'Weir Bill');
    await strictSender.drain();
    await strictSender.close();
    const [refused] = await t.db.select().from(outbox).where(eq(outbox.webhookId, moved.hook.id));
    expect(refused).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^destination refused/),
    });
    expect(receiver.postsTo(moved.url)).toHaveLength(0);
  });

  it('refuses, as the connection is made, a name that now resolves to a loopback address', async () => {
    const me = await paid();
    // as if the name had resolved to a public address when the hook was added (DNS rebinding)
    const [hook] = await t.db
      .insert(userWebhooks)
      .values({
        userId: me.user.id,
        kind: 'slack',
        url: `https://localhost:${receiver.http.port}/services/T/B/rebound`,
      })
      .returning();
    const strictSender = createOutboxSender({
      config: strict.config,
      db: t.db,
      log: t.app.log,
      email: null,
      sms: null,
    });
    await alertFor(me.user.id, 'Millrace Bill');
    await strictSender.drain();
    await strictSender.close();
    const [refused] = await t.db.select().from(outbox).where(eq(outbox.webhookId, hook!.id));
    expect(refused).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^destination refused: .*private/),
    });
    expect(receiver.http.requests).toHaveLength(0);
  });

  it('disables a hook after 5 failed posts in a row and emails the member once', async () => {
    const me = await paid();
    const slack = await addHook(me.headers, 'slack');
    receiver.http.failAll(503);
    await alertFor(me.user.id, 'Aqueduct Bill');
    await alertFor(me.user.id, 'Causeway Bill');
    for (let i = 0; i < 4; i++) {
      await makeDue(eq(outbox.webhookId, slack.hook.id));
      await sender.drain();
    }
    receiver.http.failAll(false);
    const [hook] = await t.db.select().from(userWebhooks).where(eq(userWebhooks.id, slack.hook.id));
    expect(hook!.disabledAt).toBeInstanceOf(Date);
    expect(hook!.failureCount).toBeGreaterThanOrEqual(5);
    expect(hook!.lastError).toContain('503');
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, me.user.id), eq(outbox.kind, 'webhook_disabled')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: 'email',
      recipient: me.user.email,
      subject: 'Your Slack alerts are paused',
    });
    expect(mails[0]!.bodyText).toContain(slack.hook.maskedUrl);
    expect(mails[0]!.bodyText).not.toContain(new URL(slack.url).pathname);
    const posts = await t.db.select().from(outbox).where(eq(outbox.webhookId, slack.hook.id));
    expect(posts.every((p) => p.status === 'failed')).toBe(true);
    // no more posts are queued for it, and the listing says so
    await alertFor(me.user.id, 'Embankment Bill');
    expect(await t.db.select().from(outbox).where(eq(outbox.webhookId, slack.hook.id))).toHaveLength(2);
    const list = (await call(t, 'GET', '/api/user/webhooks', me.headers)).json();
    expect(list[0]).toMatchObject({ status: 'disabled', lastError: expect.stringContaining('503') });
    expect(receiver.postsTo(slack.url)).toHaveLength(0);
  });

  it('posts nothing for a member back on the trial', async () => {
    const me = await paid();
    const slack = await addHook(me.headers, 'slack');
    await t.db.update(users).set({ subscriptionTier: 'trial' }).where(eq(users.id, me.user.id));
    await alertFor(me.user.id, 'Lockkeeper Bill');
    expect(await t.db.select().from(outbox).where(eq(outbox.webhookId, slack.hook.id))).toEqual([]);
  });
});
