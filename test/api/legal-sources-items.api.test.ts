/**
 * /api/legal-sources on the real app, its source clients pointed at the replay server serving
 * recorded (and, where no recording exists, constructed) upstream responses: storing found items,
 * following them by plan, and a source without its key.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeEvents, legalChanges, timelineEvents } from '#server/db/schema';
import { keyInformation } from '#shared/key-information';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import { FAST_CLIENTS } from './sync-fixtures';
import {
  type LegalSourcesSuite,
  resetLegalSourcesSuite,
  sourceEnv,
  startLegalSourcesSuite,
  stopLegalSourcesSuite,
} from './legal-sources-setup';

describe.skipIf(postgresUnavailable())('legal sources API', () => {
  let t: TestApp;
  let replay: ReplayServer;
  let member: Awaited<ReturnType<typeof buildSignedInUser>>;

  let suite: LegalSourcesSuite;
  beforeAll(async () => {
    suite = await startLegalSourcesSuite();
    ({ t, replay, member } = suite);
  });
  afterAll(() => stopLegalSourcesSuite({ t, replay }));
  beforeEach(() => resetLegalSourcesSuite(suite));

  const get = (url: string, headers = member.headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload?: object, headers = member.headers) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  it('stores a found item once, with its timeline, so it can be followed; then its change raises events', async () => {
    const first = await post('/api/legal-sources/eu/items', { identifier: '32016R0679' });
    expect(first.statusCode).toBe(200);
    const id = first.json().legalChangeId as number;
    const again = await post('/api/legal-sources/eu/items', { identifier: '32016R0679' });
    expect(again.json().legalChangeId).toBe(id);
    const [row] = await t.db.select().from(legalChanges).where(eq(legalChanges.id, id));
    expect(row).toMatchObject({
      source: 'eur_lex',
      upstreamId: '32016R0679',
      jurisdictionId: 2,
      legislationType: 'eu_regulation',
      effectiveDate: '2016-05-24',
    });
    const timeline = await t.db.select().from(timelineEvents).where(eq(timelineEvents.legalChangeId, id));
    expect(timeline.map((e) => e.title).sort()).toEqual(['Date of document', 'Entry into force']);

    // a search now marks it as stored
    const search = (await get('/api/legal-sources/eu/search?query=data%20protection')).json();
    expect(
      search.results.find((r: { identifier: string }) => r.identifier === '32016R0679').legalChangeId,
    ).toBe(id);

    // followed, and then the Federal Register document changes upstream: the sync stores the change
    const fr = (
      await post('/api/legal-sources/us-federal-register/items', { identifier: '2024-31396' })
    ).json();
    const follow = await post(`/api/legal-changes/${fr.legalChangeId}/action`, { action: 'followed' });
    expect(follow.statusCode).toBe(200);
    const doc = JSON.parse(
      (await import('node:fs')).readFileSync(
        new URL('../fixtures/sources/federal-register/document-2024-31396.json', import.meta.url),
        'utf8',
      ),
    );
    replay.route({
      path: '/fr/documents/2024-31396.json',
      body: { ...doc, action: 'Final rule; delay of effective date.', effective_on: '2025-03-01' },
    });
    await t.db.delete(changeEvents);
    await post('/api/legal-sources/us-federal-register/sync');
    const [updated] = await t.db.select().from(legalChanges).where(eq(legalChanges.id, fr.legalChangeId));
    expect(updated!.effectiveDate).toBe('2025-03-01');
    const events = await t.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.legalChangeId, fr.legalChangeId)));
    expect(events.map((e) => e.kind)).toEqual(['stage_changed']);
  });

  it('stores Congress, Canada and Australia items; an unknown one is a 404', async () => {
    for (const [code, identifier, jurisdictionId] of [
      ['us-congress', '119-hr-1', 3],
      ['canada', '45-1/S-6', 4],
      ['australia', 'C2004A03712', 5],
    ] as const) {
      const res = await post(`/api/legal-sources/${code}/items`, { identifier });
      expect(res.statusCode, code).toBe(200);
      const [row] = await t.db
        .select()
        .from(legalChanges)
        .where(eq(legalChanges.id, res.json().legalChangeId));
      expect(row!.jurisdictionId).toBe(jurisdictionId);
    }
    expect((await post('/api/legal-sources/canada/items', { identifier: '45-1/C-999' })).statusCode).toBe(
      404,
    );
  });

  /**
   * Facts written by hand from the recorded files (not from the mappers): each date named for what
   * happened on it, as the source states it, and nothing the source does not hold.
   */
  it('shows each found item with the dates and words its source states', async () => {
    // as recorded (a test above serves it changed), and stored afresh
    replay.route({
      path: '/fr/documents/2024-31396.json',
      bodyFile: 'sources/federal-register/document-2024-31396.json',
    });
    await t.db.delete(legalChanges).where(eq(legalChanges.source, 'federal_register'));
    const stored = async (code: string, identifier: string) => {
      const { legalChangeId } = (await post(`/api/legal-sources/${code}/items`, { identifier })).json();
      const item = (await get(`/api/legal-changes/${legalChangeId}`)).json() as LegalChange;
      const card = Object.fromEntries(
        keyInformation(item).map((e) => [
          e.field,
          'date' in e.value ? e.value.date : 'text' in e.value ? e.value.text : e.value.kind,
        ]),
      );
      return { item, card };
    };
    // federal-register/document-2024-31396.json: publication_date 2024-12-31, effective_on
    // 2025-01-30, signing_date null, action "Final rule.", one agency and no agency type
    const fr = await stored('us-federal-register', '2024-31396');
    expect(fr.item).toMatchObject({
      itemDate: '2024-12-31',
      itemDateKind: 'published',
      enactmentDate: null,
      governmentBodyName: 'Environmental Protection Agency',
      governmentBodyType: null,
    });
    expect(fr.card).toEqual({
      legislationType: 'legislationType',
      currentStage: 'Final rule',
      published: '2024-12-31',
      effectiveDate: '2025-01-30',
    });
    // congress-gov/bill-119-hr-1.json: introducedDate 2025-05-20, originChamber House, latestAction
    // 2025-07-04 "Became Public Law No: 119-21.", laws [119-21], a sponsor who is a Representative
    const hr1 = await stored('us-congress', '119-hr-1');
    expect(hr1.item).toMatchObject({
      itemDate: '2025-07-04',
      itemDateKind: 'stage',
      currentStage: 'Became Public Law No: 119-21',
      currentHouse: null,
      shortName: null,
      thirdPartyOrganisation: null,
    });
    expect(hr1.card).toMatchObject({ introduced: '2025-05-20', becameLaw: '2025-07-04' });
    for (const field of ['published', 'adopted', 'currentHouse', 'sponsoringOrganisation'])
      expect(hr1.card).not.toHaveProperty(field);
    const hr1Timeline = (await get(`/api/legal-changes/${hr1.item.id}/timeline`)).json();
    expect(JSON.stringify(hr1Timeline)).toContain('Sponsor: Rep. Arrington, Jodey C. [R-TX-19]');
    // australia-legislation/title-C2004A03712-privacy-act-1988.json: an Act, makingDate 1988-12-14
    const au = await stored('australia', 'C2004A03712');
    expect(au.card).toMatchObject({ currentStage: 'In force', royalAssent: '1988-12-14' });
    expect(au.card).not.toHaveProperty('adopted');
    // canada-justice-laws/regulation-SOR-2026-79.xml: RegistrationDate 2026-05-04
    const sor = await stored('canada-justice-laws', 'SOR-2026-79');
    expect(sor.card).toMatchObject({ registered: '2026-05-04' });
    expect(sor.card).not.toHaveProperty('comesIntoForce');
  });

  it("searches Canada's consolidated Acts and regulations and stores them with their amendment date", async () => {
    const found = await get('/api/legal-sources/canada-justice-laws/search?query=privacy');
    expect(found.statusCode).toBe(200);
    // French entries of the index are left out
    expect(found.json().results.map((r: { identifier: string }) => r.identifier)).toEqual([
      'P-21',
      'SOR-2025-12',
    ]);
    const act = (await post('/api/legal-sources/canada-justice-laws/items', { identifier: 'S-22' })).json();
    const [row] = await t.db.select().from(legalChanges).where(eq(legalChanges.id, act.legalChangeId));
    expect(row).toMatchObject({
      title: 'Statutory Instruments Act',
      legislationType: 'ca_act',
      jurisdictionId: 4,
      legislationNumber: 'S-22',
      currentStageDate: '2015-06-18',
    });
    const regulation = (
      await post('/api/legal-sources/canada-justice-laws/items', { identifier: 'SOR-2026-79' })
    ).json();
    const [reg] = await t.db.select().from(legalChanges).where(eq(legalChanges.id, regulation.legalChangeId));
    expect(reg).toMatchObject({
      legislationType: 'ca_regulation',
      legislationNumber: 'SOR/2026-79',
      enabledBy: 'SPECIES AT RISK ACT',
    });
    expect(
      (await post('/api/legal-sources/canada-justice-laws/items', { identifier: 'C-99' })).statusCode,
    ).toBe(404);
  });

  it('follows beyond the UK by plan: trial refused, premium allowed', async () => {
    const { legalChangeId } = (
      await post('/api/legal-sources/australia/items', { identifier: 'C2004A03712' })
    ).json();
    const trial = await buildSignedInUser(t.db, { subscriptionTier: 'trial' });
    const refused = await post(
      `/api/legal-changes/${legalChangeId}/action`,
      { action: 'followed' },
      trial.headers,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'jurisdiction_not_in_plan' });
    expect(refused.json().error.message).toMatch(/Australia/);
    const ok = await post(`/api/legal-changes/${legalChangeId}/action`, { action: 'followed' });
    expect(ok.statusCode).toBe(200);
  });
});

describe.skipIf(postgresUnavailable())('legal sources without a Congress.gov key', () => {
  it('reports API Key Required, and its search says so instead of failing', async () => {
    const replay = await startReplayServer();
    const t = await buildTestApp({
      env: sourceEnv(replay, false),
      deps: { syncClientOptions: FAST_CLIENTS },
    });
    try {
      const member = await buildSignedInUser(t.db);
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/legal-sources/status', headers: member.headers })
      ).json();
      expect(status.sources.find((s: { code: string }) => s.code === 'us-congress')).toMatchObject({
        availability: 'api_key_required',
        requiresApiKey: true,
      });
      const search = await t.app.inject({
        method: 'GET',
        url: '/api/legal-sources/us/congress/bills?query=tax',
        headers: member.headers,
      });
      expect(search.statusCode).toBe(503);
      expect(search.json().error.code).toBe('api_key_required');
      expect(replay.requests).toHaveLength(0);
    } finally {
      await t.close();
      await replay.close();
    }
  });
});
