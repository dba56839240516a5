import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertItems,
  alertPreferences,
  changeEvents,
  outbox,
  searchTerms,
  userActions,
  users,
} from '#server/db/schema';
import { writeDeadlineReminders } from '#server/modules/alerts/deadline-reminders';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlertsJob } from '#server/jobs/match-alerts.job';
import { digestCutoff, sendDigests } from '#server/modules/alerts/digests';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { sendSmsRoundups } from '#server/modules/alerts/sms-roundup';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildUser, type NewUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('alert delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const match = () => matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
  const queueAlerts = (opts?: { now?: Date }) =>
    queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret, opts);
  const digests = (period: 'daily' | 'weekly', now?: Date) =>
    sendDigests(t.db, t.config, t.app.secrets.appSecret, period, now);
  const member = async (
    term: string,
    overrides: Partial<NewUser> = {},
    frequency?: 'immediate' | 'daily' | 'weekly',
  ) => {
    const user = await buildUser(t.db, overrides);
    await t.db.insert(searchTerms).values({ userId: user.id, searchTerm: term });
    if (frequency) await t.db.insert(alertPreferences).values({ userId: user.id, alertFrequency: frequency });
    return user;
  };
  const newItem = async (title: string) => {
    const item = await buildLegalChange(t.db, { title });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    return item;
  };
  const sent = (userId: number) =>
    t.db.select().from(outbox).where(eq(outbox.userId, userId)).orderBy(outbox.id);
  const smsOn = { phoneNumber: '+447911123456', phoneVerified: true, smsAlertsEnabled: true };

  it('queues one email and one text per immediate alert, with unsubscribe headers and a link to the item', async () => {
    const both = await member('viaduct', smsOn);
    const unverified = await member('viaduct', { ...smsOn, phoneVerified: false });
    const silent = await member('viaduct', { emailNotificationsEnabled: false });
    const item = await newItem('Viaduct Bill');
    await match();
    const counts = await queueAlerts();
    expect(counts.items).toBeGreaterThanOrEqual(3);

    const [email, sms] = await sent(both.id);
    expect(email).toMatchObject({
      channel: 'email',
      kind: 'alert',
      recipient: both.email,
      subject: 'New: Viaduct Bill',
      status: 'queued',
    });
    expect(email!.dedupeKey).toMatch(new RegExp(`^email:${both.id}:\\d+$`));
    expect(email!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:5000\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(email!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(email!.bodyText).toContain(`http://localhost:5000/legal-change/${item.id}?tab=timeline`);
    expect(email!.bodyText).toContain('/api/unsubscribe?token=');
    expect(email!.bodyHtml).toContain('Unsubscribe from alert emails');
    expect(email!.bodyText).toContain('viaduct');
    expect(sms).toMatchObject({ channel: 'sms', kind: 'alert', recipient: '+447911123456' });
    expect(sms!.dedupeKey).toMatch(new RegExp(`^sms:${both.id}:\\d+$`));
    expect(sms!.bodyText.length).toBeLessThanOrEqual(306);

    expect((await sent(unverified.id)).map((m) => m.channel)).toEqual(['email']);
    expect(await sent(silent.id)).toEqual([]);
    const [handled] = await t.db.select().from(alertItems).where(eq(alertItems.userId, silent.id));
    expect(handled!.emailQueuedAt).toBeInstanceOf(Date);
  });

  it('queues nothing more when the matcher and delivery run again', async () => {
    const user = await member('causeway', smsOn);
    await newItem('Causeway Bill');
    await match();
    await queueAlerts();
    const before = await sent(user.id);
    expect(before).toHaveLength(2);
    await match();
    expect(await queueAlerts()).toEqual({ items: 0, emails: 0, sms: 0, webhooks: 0 });
    // even if the handled marks were lost, the dedupe keys hold
    await t.db.update(alertItems).set({ emailQueuedAt: null }).where(eq(alertItems.userId, user.id));
    const again = await queueAlerts();
    expect(again.emails + again.sms).toBe(0);
    expect(await sent(user.id)).toHaveLength(2);
  });

  it('texts a member once a London day; later alerts go in one round-up text the next morning', async () => {
    const user = await member('turnpike', smsOn);
    const texts = async () => (await sent(user.id)).filter((m) => m.channel === 'sms');
    const day1 = new Date('2031-03-04T10:00:00Z');
    await newItem('Turnpike Bill');
    await match();
    expect((await queueAlerts({ now: day1 })).sms).toBe(1);

    await newItem('Turnpike (Tolls) Bill');
    await newItem('Turnpike Roads Bill');
    await match();
    const later = await queueAlerts({ now: new Date('2031-03-04T15:00:00Z') });
    expect(later.sms).toBe(0);
    expect((await sent(user.id)).filter((m) => m.channel === 'email')).toHaveLength(3); // email stays immediate
    const held = await t.db
      .select()
      .from(alertItems)
      .where(and(eq(alertItems.userId, user.id), isNotNull(alertItems.smsHeldAt)));
    expect(held).toHaveLength(2);

    // nothing is rounded up on the day it was held
    await sendSmsRoundups(t.db, t.config, new Date('2031-03-04T22:00:00Z'));
    expect(await texts()).toHaveLength(1);
    const morning = new Date('2031-03-05T08:00:00Z');
    expect(await sendSmsRoundups(t.db, t.config, morning)).toMatchObject({ sms: 1, items: 2 });
    expect((await sendSmsRoundups(t.db, t.config, morning)).sms).toBe(0); // a re-run sends nothing
    const [, roundup] = await texts();
    expect(roundup).toMatchObject({
      kind: 'alert_roundup',
      recipient: '+447911123456',
      dedupeKey: `sms-roundup:${user.id}:2031-03-05`,
    });
    expect(roundup!.bodyText).toMatch(
      /^Lexwatch: 2 updates since your last text: New: Turnpike \(Tolls\) Bill and 1 more\. /,
    );
    expect(await texts()).toHaveLength(2);

    // the round-up was that day's text: an alert later that day waits for the next one
    await newItem('Turnpike Trusts Bill');
    await match();
    expect((await queueAlerts({ now: new Date('2031-03-05T12:00:00Z') })).sms).toBe(0);
    // and on a new day the first alert is texted at once
    await newItem('Turnpike Abolition Bill');
    await match();
    expect((await queueAlerts({ now: new Date('2031-03-06T09:00:00Z') })).sms).toBe(1);
    expect(await texts()).toHaveLength(3);
  });

  it('lets held texts go without sending when the member turned SMS off before the morning', async () => {
    const user = await member('tollgate', smsOn);
    await newItem('Tollgate Bill');
    await newItem('Tollgate (Fees) Bill');
    await match();
    await queueAlerts({ now: new Date('2031-04-01T10:00:00Z') });
    await t.db.update(users).set({ smsAlertsEnabled: false }).where(eq(users.id, user.id));
    await sendSmsRoundups(t.db, t.config, new Date('2031-04-02T08:00:00Z'));
    expect((await sent(user.id)).filter((m) => m.channel === 'sms').map((m) => m.kind)).toEqual(['alert']);
    const held = await t.db
      .select()
      .from(alertItems)
      .where(and(eq(alertItems.userId, user.id), isNotNull(alertItems.smsHeldAt)));
    expect(held).toEqual([]);
  });

  it('gathers daily items into one digest email and one text, once per period', async () => {
    const daily = await member('aqueduct', smsOn, 'daily');
    const weekly = await member('aqueduct', {}, 'weekly');
    await newItem('Aqueduct Bill');
    await newItem('Aqueduct (Repair) Bill');
    await match();
    await queueAlerts();
    expect(await sent(daily.id)).toEqual([]);

    const later = new Date(Date.now() + 2 * 86_400_000);
    const counts = await digests('daily', later);
    expect(counts.members).toBeGreaterThanOrEqual(1);
    const messages = await sent(daily.id);
    expect(messages.map((m) => m.channel)).toEqual(['email', 'sms']);
    // members are on London time unless they choose another zone
    const key = digestCutoff('daily', later, 'Europe/London').toISOString().slice(0, 10);
    expect(messages[0]).toMatchObject({
      kind: 'digest',
      dedupeKey: `digest:${daily.id}:daily-${key}`,
      subject: 'Your daily Lexwatch digest: 2 updates',
    });
    expect(messages[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(messages[0]!.bodyText).toContain('New: Aqueduct (Repair) Bill');
    expect(messages[1]!.bodyText).toMatch(/^Lexwatch daily digest: 2 updates/);
    expect(await sent(weekly.id)).toEqual([]);

    await digests('daily', later);
    expect(await sent(daily.id)).toHaveLength(2);
    await digests('weekly', new Date(Date.now() + 8 * 86_400_000));
    expect((await sent(weekly.id)).map((m) => m.subject)).toEqual(['Your weekly Lexwatch digest: 2 updates']);
  });

  it('the matching job queues the alerts and runs the sender at once, and does not when nothing was queued', async () => {
    const user = await member('culvert');
    await newItem('Culvert Bill');
    const kicked: string[] = [];
    const ctx = {
      config: t.config,
      database: t.database,
      log: t.app.log,
      caches: t.app.caches,
      secrets: t.app.secrets,
      send: async (name: string) => void kicked.push(name),
    };
    const first = await matchAlertsJob.run(ctx, {});
    expect(first).toMatchObject({ delivered: { emails: expect.any(Number) } });
    expect((await sent(user.id)).map((m) => m.subject)).toEqual(['New: Culvert Bill']);
    expect(kicked).toEqual(['outbox-sender']);
    await matchAlertsJob.run(ctx, {});
    expect(kicked).toEqual(['outbox-sender']);
  });

  it('puts digest cut-offs at 07:00 on the member’s clock, weekly on Mondays', () => {
    // London in summer (BST) and Tokyo: 07:00 local time
    expect(digestCutoff('daily', new Date('2026-07-07T06:30:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-07-07T06:00:00.000Z',
    );
    expect(digestCutoff('daily', new Date('2026-10-07T23:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2026-10-07T22:00:00.000Z',
    );
    expect(digestCutoff('weekly', new Date('2026-10-07T12:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2026-10-04T22:00:00.000Z',
    );
    expect(digestCutoff('daily', new Date('2026-10-07T07:00:00Z'), 'Not/AZone').toISOString()).toBe(
      '2026-10-07T07:00:00.000Z',
    );
    expect(digestCutoff('daily', new Date('2026-10-07T06:59:00Z')).toISOString()).toBe(
      '2026-10-06T07:00:00.000Z',
    );
    expect(digestCutoff('daily', new Date('2026-10-07T07:00:00Z')).toISOString()).toBe(
      '2026-10-07T07:00:00.000Z',
    );
    expect(digestCutoff('weekly', new Date('2026-10-07T12:00:00Z')).toISOString()).toBe(
      '2026-10-05T07:00:00.000Z',
    );
    expect(digestCutoff('weekly', new Date('2026-10-05T06:00:00Z')).toISOString()).toBe(
      '2026-09-28T07:00:00.000Z',
    );
  });

  it('writes one deadline reminder per followed item and closing date, which the matcher delivers', async () => {
    const follower = await buildUser(t.db);
    await t.db.insert(alertPreferences).values({ userId: follower.id, deadlineAlerts: true });
    const due = await buildLegalChange(t.db, { title: 'Wetlands Bill', consultationEndDate: '2026-10-14' });
    const unfollowed = await buildLegalChange(t.db, {
      title: 'Meadows Bill',
      consultationEndDate: '2026-10-14',
    });
    const far = await buildLegalChange(t.db, { title: 'Marshes Bill', consultationEndDate: '2026-10-30' });
    for (const item of [due, far])
      await t.db
        .insert(userActions)
        .values({ userId: follower.id, legalChangeId: item.id, action: 'followed' });

    expect(await writeDeadlineReminders(t.db, '2026-10-07')).toBeGreaterThanOrEqual(1);
    expect(await writeDeadlineReminders(t.db, '2026-10-07')).toBe(0);
    const events = await t.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.kind, 'deadline_approaching')));
    expect(events.filter((e) => e.legalChangeId === due.id)).toHaveLength(1);
    expect(events.some((e) => [unfollowed.id, far.id].includes(e.legalChangeId))).toBe(false);

    await match();
    await queueAlerts();
    const [email] = await sent(follower.id);
    expect(email).toMatchObject({ subject: 'Consultation closing: Wetlands Bill' });
    expect(email!.bodyText).toContain('The consultation closes in 7 days, on 14 October 2026.');
    const keys = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `email:${follower.id}:%`));
    expect(keys).toHaveLength(1);
  });
});
