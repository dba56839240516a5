/**
 * The member's private feeds: their URLs, the iCalendar read back with a real parser, the Atom
 * feeds checked against RFC 4287's required elements, ETags, and revocation by regenerating.
 */
import { XMLParser } from 'fast-xml-parser';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects, notifications, searchTerms, userActions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const pathOf = (url: string) => new URL(url).pathname;

/** RFC 4287 §4.1: what every feed and entry must carry (as this writer emits them). */
function expectValidAtom(xml: string): { feed: Record<string, unknown>; entries: Record<string, unknown>[] } {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(xml, true);
  const feed = parsed.feed as Record<string, unknown>;
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const key of ['id', 'title', 'updated', 'author', 'link']) expect(feed[key], key).toBeDefined();
  expect(String(feed.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const links = [feed.link].flat() as Record<string, string>[];
  expect(links.some((l) => l['@_rel'] === 'self')).toBe(true);
  const entries = [feed.entry ?? []].flat() as Record<string, unknown>[];
  const ids = new Set<string>();
  for (const e of entries) {
    for (const key of ['id', 'title', 'updated', 'link', 'summary']) expect(e[key], key).toBeDefined();
    expect(String(e.updated)).toMatch(/Z$/);
    ids.add(String(e.id));
  }
  expect(ids.size).toBe(entries.length);
  return { feed, entries };
}

describe.skipIf(postgresUnavailable())('private calendar and Atom feeds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function memberWithItems() {
    const member = await buildSignedInUser(t.db, { timezone: 'America/New_York' });
    const consultation = await buildLegalChange(t.db, {
      title: 'Harbour Dues <Consultation> Bill',
      consultationEndDate: inDays(20),
    });
    const act = await buildLegalChange(t.db, {
      title: 'Ferries Act 2026',
      source: 'legislation_gov_uk',
      legislationType: 'ukpga',
      effectiveDate: inDays(40),
    });
    const other = await buildLegalChange(t.db, {
      title: 'Not Followed Bill',
      consultationEndDate: inDays(10),
    });
    await t.db.insert(userActions).values([
      { userId: member.user.id, legalChangeId: consultation.id, action: 'followed' },
      { userId: member.user.id, legalChangeId: act.id, action: 'followed' },
    ]);
    await t.db.insert(legalChangeEffects).values({
      legalChangeId: act.id,
      effectId: 'key-calendar-1',
      type: 'coming into force',
      affectedProvisions: 's. 3',
      affectingTitle: 'The Ferries Act 2026 (Commencement No. 1) Regulations 2026',
      inForceDate: inDays(60),
      modifiedAt: new Date(),
    });
    return { member, consultation, act, other };
  }

  it('answers 401 signed out', async () => {
    expect((await get('/api/user/feeds')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/feeds/regenerate' })).statusCode).toBe(401);
  });

  it('serves a calendar of the followed deadlines that a real parser reads, in the member time zone', async () => {
    const { member, consultation, act } = await memberWithItems();
    const feeds = (await get('/api/user/feeds', member.headers)).json();
    expect(feeds.calendarUrl).toMatch(/^http:\/\/localhost:5000\/feeds\/\d+\.[\w-]{32}\/calendar\.ics$/);
    const res = await get(pathOf(feeds.calendarUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('X-WR-TIMEZONE:America/New_York');
    const parsed = ical.sync.parseICS(res.body);
    const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT') as VEvent[];
    const byTitle = new Map(events.map((e) => [String(e.summary), e]));
    expect([...byTitle.keys()].sort()).toEqual(
      [
        `Comes into force: ${act.title}`,
        `Consultation closes: ${consultation.title}`,
        `In force: s. 3 coming into force (${act.title})`,
      ].sort(),
    );
    const closes = byTitle.get(`Consultation closes: ${consultation.title}`)!;
    expect(closes.datetype).toBe('date');
    const start = closes.start as Date;
    expect(
      `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`,
    ).toBe(inDays(20));
    const url = closes.url as unknown;
    expect(typeof url === 'string' ? url : (url as { val: string }).val).toBe(
      `http://localhost:5000/legal-change/${consultation.id}`,
    );
  });

  it('serves valid Atom for everything followed, each item and each term, with ETags', async () => {
    const { member, consultation } = await memberWithItems();
    await t.db.insert(notifications).values([
      {
        userId: member.user.id,
        type: 'update',
        title: 'Stage change: A & B <Bill>',
        message: 'Now at Report stage.',
        legislationId: consultation.id,
        dedupeKey: `feed-test-1-${member.user.id}`,
      },
      {
        userId: member.user.id,
        type: 'new',
        title: 'New: Ferries Act 2026',
        message: 'Published.',
        dedupeKey: `feed-test-2-${member.user.id}`,
      },
    ]);
    const [term] = await t.db
      .insert(searchTerms)
      .values({ userId: member.user.id, searchTerm: 'harbour' })
      .returning();
    const feeds = (await get('/api/user/feeds', member.headers)).json();

    const all = await get(pathOf(feeds.atomUrl));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const { entries } = expectValidAtom(all.body);
    expect(entries.map((e) => (e.title as Record<string, string>)['#text'])).toEqual([
      'New: Ferries Act 2026',
      'Stage change: A & B <Bill>',
    ]);

    const item = feeds.items.find((i: { legalChangeId: number }) => i.legalChangeId === consultation.id);
    expect((await get(pathOf(item.url))).statusCode).toBe(200);
    const termFeed = feeds.terms.find((x: { id: number }) => x.id === term!.id);
    const termRes = await get(pathOf(termFeed.url));
    expect(termRes.statusCode).toBe(200);
    const termEntries = expectValidAtom(termRes.body).entries;
    expect(termEntries.some((e) => (e.title as Record<string, string>)['#text'] === consultation.title)).toBe(
      true,
    );

    const etag = all.headers.etag as string;
    expect((await get(pathOf(feeds.atomUrl), { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('refuses forged, foreign and revoked URLs with a 404; regenerating revokes the old ones', async () => {
    const { member } = await memberWithItems();
    const stranger = await buildSignedInUser(t.db);
    const [foreignTerm] = await t.db
      .insert(searchTerms)
      .values({ userId: stranger.user.id, searchTerm: 'x' })
      .returning();
    const before = (await get('/api/user/feeds', member.headers)).json();
    const base = pathOf(before.atomUrl).replace(/\/atom\.xml$/, '');
    expect((await get(`${base}/terms/${foreignTerm!.id}.xml`)).statusCode).toBe(404);
    expect((await get(`${base}/items/../atom.xml`)).statusCode).toBe(200); // normalised by the router
    expect((await get(`${base}/items/abc.xml`)).statusCode).toBe(400);
    expect((await get(base.replace(/\.[\w-]{32}$/, `.${'A'.repeat(32)}`) + '/atom.xml')).statusCode).toBe(
      404,
    );
    expect((await get('/feeds/not-a-token/calendar.ics')).statusCode).toBe(404);

    const after = (
      await t.app.inject({ method: 'POST', url: '/api/user/feeds/regenerate', headers: member.headers })
    ).json();
    expect(after.atomUrl).not.toBe(before.atomUrl);
    expect((await get(pathOf(before.atomUrl))).statusCode).toBe(404);
    expect((await get(pathOf(after.atomUrl))).statusCode).toBe(200);
    // the same URL is shown again until the next regenerate
    expect((await get('/api/user/feeds', member.headers)).json().atomUrl).toBe(after.atomUrl);
  });
});
