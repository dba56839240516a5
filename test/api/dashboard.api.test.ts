import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, notifications, outbox, userActions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
const DAY = 86_400_000;

/** Today in the UK as YYYY-MM-DD, moved by whole days or months. */
const ukToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const [year, month, day] = ukToday.split('-').map(Number) as [number, number, number];
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const ukDate = (days: number) => isoOf(new Date(Date.UTC(year, month - 1, day + days)));
const monthDay = (monthOffset: number, dayOfMonth: number) =>
  isoOf(new Date(Date.UTC(year, month - 1 + monthOffset, dayOfMonth)));
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe.skipIf(postgresUnavailable())('the dashboard', () => {
  let t: TestApp;
  let member: Member;
  let other: Member;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const make = async (key: string, o: Parameters<typeof buildLegalChange>[1] = {}) => {
      ids[key] = (await buildLegalChange(t.db, { title: `Dashboard ${key}`, ...o })).id;
    };
    await make('f1', { consultationEndDate: ukDate(3) });
    await make('f2', { consultationEndDate: ukDate(20) });
    await make('f3', { consultationEndDate: ukDate(14) });
    await make('d1', { consultationEndDate: ukDate(2) });
    await make('u1', { consultationEndDate: ukDate(1) });
    await make('u2', { consultationEndDate: ukDate(-1) });
    await make('u3', { consultationEndDate: ukDate(5) });
    await make('t0', { consultationEndDate: ukToday });
    await make('x', { consultationEndDate: ukDate(4) });
    // enactments: two this month, the first and last day of last month, one two months ago
    await make('thisMonthFirst', { enactmentDate: monthDay(0, 1), status: 'enacted' });
    await make('thisMonthToday', { enactmentDate: ukToday, status: 'enacted' });
    await make('lastMonthFirst', { enactmentDate: monthDay(-1, 1), status: 'enacted' });
    await make('lastMonthLast', { enactmentDate: monthDay(0, 0), status: 'enacted' });
    await make('twoMonthsAgo', { enactmentDate: monthDay(-2, 15), status: 'enacted' });

    member = await buildSignedInUser(t.db, { trialEndsAt: new Date(Date.now() + 20 * DAY - 3_600_000) });
    other = await buildSignedInUser(t.db);
    const followedAt = daysAgo(10);
    await t.db.insert(userActions).values([
      { userId: member.user.id, legalChangeId: ids.f1!, action: 'followed', updatedAt: followedAt },
      { userId: member.user.id, legalChangeId: ids.f2!, action: 'followed', updatedAt: followedAt },
      { userId: member.user.id, legalChangeId: ids.f3!, action: 'followed', updatedAt: followedAt },
      { userId: member.user.id, legalChangeId: ids.d1!, action: 'dismissed', updatedAt: followedAt },
      { userId: other.user.id, legalChangeId: ids.x!, action: 'followed', updatedAt: followedAt },
    ]);
    const event = async (item: string, detectedDaysAgo: number) =>
      (
        await t.db
          .insert(changeEvents)
          .values({ legalChangeId: ids[item]!, kind: 'stage_changed', detectedAt: daysAgo(detectedDaysAgo) })
          .returning()
      )[0]!.id;
    const notify = (userId: number, changeEventId: number, read: boolean) =>
      t.db.insert(notifications).values({
        userId,
        changeEventId,
        type: 'update',
        title: 'Stage changed',
        message: 'Moved on',
        dedupeKey: `n-${userId}-${changeEventId}`,
        readAt: read ? new Date() : null,
      });
    await event('f1', 5); // pending
    await notify(member.user.id, await event('f1', 2), true); // read: not pending
    await notify(member.user.id, await event('f1', 1), false); // unread: pending
    await event('f2', 40); // outside the 30 days
    await event('f2', 12); // before the member followed
    await event('d1', 1); // dismissed item
    await notify(other.user.id, await event('x', 1), false); // another member's follow
    const mail = (userId: number, status: 'sent' | 'kept' | 'queued' | 'failed') => ({
      userId,
      channel: 'email' as const,
      kind: 'alert',
      recipient: 'someone@example.test',
      bodyText: 'Alert',
      status,
    });
    await t.db
      .insert(outbox)
      .values([
        mail(member.user.id, 'sent'),
        mail(member.user.id, 'kept'),
        mail(member.user.id, 'queued'),
        mail(member.user.id, 'failed'),
        mail(other.user.id, 'sent'),
      ]);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> | undefined = member.headers) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('GET /api/dashboard/stats', () => {
    it('computes every figure from the member’s own data', async () => {
      const res = await get('/api/dashboard/stats');
      expect(
        res.statusCode,
        t.logs
          .filter((l) => l.includes('"level":50'))
          .join('\n')
          .slice(0, 3000),
      ).toBe(200);
      const lastMonthLength = Number(monthDay(0, 0).slice(8));
      const lastMonthToDate = 1 + (day >= lastMonthLength ? 1 : 0);
      expect(res.json()).toEqual({
        activeTrackings: 3,
        pendingChanges: 2,
        thisMonth: 2,
        enactedLastMonth: 2,
        enactedLastMonthToDate: lastMonthToDate,
        thisMonthChangePct: Math.round(((2 - lastMonthToDate) / lastMonthToDate) * 100),
        requireAction: 2,
        notificationsSent: 2,
        trialProgress: 33,
        daysRemaining: 20,
        trialEndsAt: member.user.trialEndsAt.toISOString(),
        subscriptionTier: 'trial',
        subscriptionStatus: 'trial',
      });
    });

    it('answers the other member their own figures', async () => {
      expect((await get('/api/dashboard/stats', other.headers)).json()).toMatchObject({
        activeTrackings: 1,
        pendingChanges: 1,
        requireAction: 1,
        notificationsSent: 1,
      });
    });

    it('answers no trial figures on a paid plan, and an expired trial as such', async () => {
      const paid = await buildSignedInUser(t.db, {
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      expect((await get('/api/dashboard/stats', paid.headers)).json()).toMatchObject({
        trialProgress: null,
        daysRemaining: null,
        trialEndsAt: null,
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      const expired = await buildSignedInUser(t.db, { trialEndsAt: daysAgo(1) });
      expect((await get('/api/dashboard/stats', expired.headers)).json()).toMatchObject({
        trialProgress: 100,
        daysRemaining: 0,
        subscriptionStatus: 'expired',
      });
    });

    it('runs at most 5 SQL statements, session lookup included', async () => {
      const { count, statements } = await countStatements(t.database.pool, () => get('/api/dashboard/stats'));
      expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
    });

    it('answers a repeated request from its copy, and shows the member’s changes and a job’s at once', async () => {
      const fresh = await buildSignedInUser(t.db);
      const stats = async () => (await get('/api/dashboard/stats', fresh.headers)).json();
      expect(await stats()).toMatchObject({ activeTrackings: 0, notificationsSent: 0 });
      expect((await countStatements(t.database.pool, stats)).count).toBe(0);
      // a follow through the API
      const follow = await t.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${ids.u3!}/action`,
        headers: fresh.headers,
        payload: { action: 'followed' },
      });
      expect(follow.statusCode).toBe(200);
      expect(await stats()).toMatchObject({ activeTrackings: 1, requireAction: 1 });
      // a message the sender job marks sent, written straight to the database
      await t.db.insert(outbox).values({
        userId: fresh.user.id,
        channel: 'email',
        kind: 'alert',
        recipient: fresh.user.email,
        bodyText: 'An item you follow moved.',
        status: 'sent',
      });
      expect(await stats()).toMatchObject({ notificationsSent: 1 });
    });

    it('answers 401 signed out', async () => {
      const res = await get('/api/dashboard/stats', {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Unauthorized' } });
    });
  });

  describe('GET /api/upcoming-deadlines', () => {
    const titles = (body: { title: string }[]) => body.map((r) => r.title.replace('Dashboard ', ''));

    it('answers open consultations soonest first, the member’s followed items first, dismissed ones left out', async () => {
      const body = (await get('/api/upcoming-deadlines')).json();
      expect(titles(body)).toEqual(['f1', 'f3', 'f2', 't0', 'u1', 'x', 'u3']);
      expect(body[0]).toEqual({
        id: ids.f1,
        title: 'Dashboard f1',
        consultationEndDate: ukDate(3),
        followed: true,
      });
      expect(body[3]).toMatchObject({ consultationEndDate: ukToday, followed: false });
    });

    it('answers each member by their own follows, and takes a limit', async () => {
      expect(titles((await get('/api/upcoming-deadlines?limit=3', other.headers)).json())).toEqual([
        'x',
        't0',
        'u1',
      ]);
      expect(titles((await get('/api/upcoming-deadlines?limit=2')).json())).toEqual(['f1', 'f3']);
    });

    it.each(['?limit=0', '?limit=11', '?limit=ten'])('rejects %s naming querystring.limit', async (query) => {
      const res = await get(`/api/upcoming-deadlines${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('querystring.limit');
    });

    it('answers 401 signed out', async () => {
      expect((await get('/api/upcoming-deadlines', {})).statusCode).toBe(401);
    });
  });
});
