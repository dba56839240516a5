/**
 * Shared by the webhook tests: calls as a member, a paying member, a hook on the loopback
 * receiver, an alert matched and queued for a member, and making queued posts due.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { changeEvents, outbox, searchTerms } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import type { TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import type { WebhookReceiver } from '#test/support/webhook-receiver';

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
