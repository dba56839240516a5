/**
 * Shared by the webhook tests: calls as a member, a paying member, a hook on the loopback
 * receiver, an alert matched and queued for a member, and making queued posts due.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { changeEvents, outbox, searchTerms } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { createOutboxSender, type OutboxSender } from '#server/modules/outbox/outbox-sender';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startWebhookReceiver, type WebhookReceiver } from '#test/support/webhook-receiver';

type Method = 'GET' | 'POST' | 'DELETE';

/** The helpers, reading the suite's app and receiver (set in its beforeAll) when called. */
export function webhookHelpers(suite: () => { t: TestApp; receiver: WebhookReceiver }) {
  const call = (
    app: TestApp,
    method: Method,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const paid = () =>
    buildSignedInUser(suite().t.db, { subscriptionTier: 'basic', subscriptionStatus: 'active' });
  const addHook = async (headers: Record<string, string>, kind: 'slack' | 'teams') => {
    const { t, receiver } = suite();
    const url = rememberSecret(receiver.newUrl(kind));
    const res = await call(t, 'POST', '/api/user/webhooks', headers, { url, kind });
    expect(res.statusCode).toBe(201);
    return { url, hook: res.json() as { id: number; maskedUrl: string } };
  };
  const alertFor = async (userId: number, title: string) => {
    const { t } = suite();
    await t.db
      .insert(searchTerms)
      .values({ userId, searchTerm: title.split(' ')[0]! })
      .onConflictDoNothing();
    const item = await buildLegalChange(t.db, { title });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret);
    return item;
  };
  const makeDue = (where = eq(outbox.channel, 'webhook')) =>
    suite()
      .t.db.update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(where);
  return { call, paid, addHook, alertFor, makeDue };
}

export interface WebhookSuite {
  /** WEBHOOK_ALLOW_PRIVATE_HOSTS=127.0.0.1 (the loopback receiver) */
  t: TestApp;
  /** the same database, no allow-list: production rules */
  strict: TestApp;
  receiver: WebhookReceiver;
  sender: OutboxSender;
}

/** The apps, receiver and outbox sender of a webhook suite. */
export async function startWebhookSuite(): Promise<WebhookSuite> {
  const receiver = await startWebhookReceiver();
  const t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
  const strict = await buildTestApp({ database: t.database });
  const sender = createOutboxSender({ config: t.config, db: t.db, log: t.app.log, email: null, sms: null });
  return { t, strict, receiver, sender };
}

export async function stopWebhookSuite({ t, strict, receiver, sender }: WebhookSuite): Promise<void> {
  await sender.close();
  await strict.close();
  await t.close();
  await receiver.close();
}
