import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, outbox, searchTerms, users } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { unsubscribeToken } from '#server/modules/alerts/unsubscribe';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

describe.skipIf(postgresUnavailable())('/api/unsubscribe (RFC 8058 one-click)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const alertFor = async (term: string, title: string) => {
    const user = await buildUser(t.db);
    await t.db.insert(searchTerms).values({ userId: user.id, searchTerm: term });
    const item = await buildLegalChange(t.db, { title });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret);
    return user;
  };
  const emailsOf = (userId: number) =>
    t.db.select().from(outbox).where(eq(outbox.userId, userId)).orderBy(outbox.id);
  const emailSwitch = async (userId: number) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.emailNotificationsEnabled;

  it("turns email alerts off at once from the header's URL, with no session, and stays idempotent", async () => {
    const user = await alertFor('funicular', 'Funicular Railways Bill');
    const [email] = await emailsOf(user.id);
    const url = /^<(.+)>$/.exec(email!.headers!['List-Unsubscribe']!)![1]!;
    const path = url.replace('http://localhost:5000', '');

    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: ONE_CLICK,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, channel: 'email' });
    expect(await emailSwitch(user.id)).toBe(false);
    // the queued alert email is withdrawn, and the next alert sends no email
    expect((await emailsOf(user.id))[0]!.status).toBe('failed');
    const item = await buildLegalChange(t.db, { title: 'Funicular Safety Bill' });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret);
    expect(await emailsOf(user.id)).toHaveLength(1);

    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: ONE_CLICK,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    const multipart = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
  });

  it('refuses a forged or missing token and changes nothing', async () => {
    const user = await buildUser(t.db);
    const victim = unsubscribeToken(t.app.secrets.appSecret, user.id);
    const forged = `${user.id}.email.${'A'.repeat(32)}`;
    for (const token of [forged, `${user.id + 1}.email.${victim.split('.')[2]}`, 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${token}`,
        headers: ONE_CLICK,
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_unsubscribe_link');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      headers: ONE_CLICK,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(missing.statusCode).toBe(400);
    expect(await emailSwitch(user.id)).toBe(true);
  });

  it('shows a confirmation page for the visible link, which unsubscribes only when its button is pressed', async () => {
    const user = await buildUser(t.db);
    const token = unsubscribeToken(t.app.secrets.appSecret, user.id);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${token}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="/api/unsubscribe?token=');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await emailSwitch(user.id)).toBe(true);

    const pressed = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { ...ONE_CLICK, accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('You are unsubscribed');
    expect(await emailSwitch(user.id)).toBe(false);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/unsubscribe?token=nope',
      headers: { accept: 'text/html' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link is not valid');
  });
});
