/**
 * /api/legal-sources on the real app, its source clients pointed at the replay server serving
 * recorded (and, where no recording exists, constructed) upstream responses: source status,
 * syncing each source, and searching them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import type { ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import {
  type LegalSourcesSuite,
  fixture,
  resetLegalSourcesSuite,
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

  it('answers 401 signed out, before looking at the input', async () => {
    for (const url of ['/api/legal-sources/status', '/api/legal-sources/eu/search?query=x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/legal-sources/sync' })).statusCode).toBe(401);
  });

  it('lists every source with counts, unchecked sources as unavailable, before any upstream call', async () => {
    const res = await get('/api/legal-sources/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ total: 9, primary: 5, extended: 4 });
    const eu = body.sources.find((s: { code: string }) => s.code === 'eu');
    expect(eu).toMatchObject({
      jurisdiction: 'European Union',
      group: 'primary',
      availability: 'unavailable',
    });
    expect(replay.requests).toHaveLength(0);
  });

  it('syncs every source: reads each recent list, marks them available and stores the lists', async () => {
    const res = await post('/api/legal-sources/sync');
    expect(res.statusCode).toBe(200);
    // the three UK sources start the UK syncs (which fail here: no UK recordings are served)
    expect(res.json().successful).toBeGreaterThanOrEqual(6);
    const status = (await get('/api/legal-sources/status')).json();
    for (const code of [
      'eu',
      'us-federal-register',
      'canada',
      'australia',
      'us-congress',
      'canada-justice-laws',
    ]) {
      const source = status.sources.find((s: { code: string }) => s.code === code);
      expect(source.availability, code).toBe('available');
      expect(source.lastSuccessAt, code).not.toBeNull();
    }
    const external = () =>
      replay.requests.filter((r) => !r.path.startsWith('/api') && !r.path.startsWith('/update')).length;
    const requests = external();
    const recent = await get('/api/legal-sources/eu/recent-directives');
    expect(recent.statusCode).toBe(200);
    // only directives, from stored state (no upstream call)
    expect(recent.json().results.map((r: { identifier: string }) => r.identifier)).toEqual(['32016L0680']);
    const canada = (await get('/api/legal-sources/canada/recent-acts')).json();
    expect(canada.results.length).toBeLessThanOrEqual(10);
    expect(canada.results[0].type).toMatch(/^Act/);
    const us = (await get('/api/legal-sources/us/federal-register/recent')).json();
    expect(us.results[0]).toMatchObject({ identifier: '2024-31438', source: 'us-federal-register' });
    expect((await get('/api/legal-sources/australia/recent-legislation')).json().results[0]).toMatchObject({
      title: 'Privacy Act 1988',
      identifier: 'C2004A03712',
    });
    expect(external()).toBe(requests);
  });

  it('searches the EU with a document type filter, in the shape clients rely on', async () => {
    const res = await get('/api/legal-sources/eu/search?query=data%20protection&docType=regulation');
    expect(res.statusCode).toBe(200);
    const { results, total } = res.json();
    expect(total).toBe(2);
    expect(results[0]).toEqual({
      title: expect.stringContaining('General Data Protection Regulation'),
      date: '2016-04-27',
      type: 'Regulation',
      identifier: '32016R0679',
      url: 'http://data.europa.eu/eli/reg/2016/679/oj',
      jurisdiction: 'European Union',
      source: 'eu',
    });
    const sent = replay.requestsTo('/sparql')[0]!;
    const query = sent.query.query!;
    expect(query).toContain('resource-type/REG>');
    expect(query).not.toContain('resource-type/DIR>');
    expect(query).toContain('CONTAINS(LCASE(STR(?title)), "protection")');
  });

  it('caches a search briefly: the same query again makes no upstream call', async () => {
    await get('/api/legal-sources/australia/search?query=privacy');
    await get('/api/legal-sources/australia/search?query=privacy');
    expect(replay.requestsTo('/frl/titles')).toHaveLength(1);
  });

  it('searches the Federal Register, Congress bills, Canada and Australia', async () => {
    const fr = (await get('/api/legal-sources/us/federal-register/search?query=clean%20water')).json();
    expect(fr.total).toBe(844);
    expect(fr.results[0]).toMatchObject({ identifier: '2024-31438', type: 'Notice', date: '2024-12-31' });
    const sent = new URLSearchParams(replay.requestsTo('/fr/documents.json')[0]!.search);
    expect(sent.getAll('conditions[type][]')).toEqual(['RULE', 'PRORULE']);

    const congress = await get('/api/legal-sources/us/congress/bills?query=workforce');
    expect(congress.statusCode).toBe(200);
    expect(congress.json().results[0]).toMatchObject({
      identifier: '115-hr-2842',
      url: 'https://www.congress.gov/bill/115th-congress/house-bill/2842',
    });
    // the key goes in a header, never in the URL (which is logged)
    const call = replay.requestsTo('/congress/bill')[0]!;
    expect(call.search).not.toContain('congress-test-key');
    expect(call.headers['x-api-key']).toBe('congress-test-key-not-a-secret-elsewhere');

    const canada = (await get('/api/legal-sources/canada/recent-acts?query=harmonization')).json();
    expect(canada.results.length).toBeGreaterThan(0);
    expect(canada.results.every((r: { title: string }) => /harmoni/i.test(r.title))).toBe(true);

    const au = (await get('/api/legal-sources/australia/search?query=privacy')).json();
    expect(au).toMatchObject({
      total: 1,
      results: [{ identifier: 'C2004A03712', type: 'Act', date: '1988-12-14' }],
    });
  });

  it('an upstream answer with no hits (no results key at all) is an empty list, not an error', async () => {
    replay.route({
      path: '/fr/documents.json',
      bodyFile: fixture('federal-register/documents-search-no-match.json'),
      times: 1,
    });
    const res = await get('/api/legal-sources/us/federal-register/search?query=codexNoMatchingDocument');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [], total: 0 });
    replay.route({
      path: '/fr/documents.json',
      bodyFile: fixture('federal-register/documents-search-term-clean-water.json'),
    });
  });

  it('searches the UK in the database and on legislation.gov.uk, marking what is stored here', async () => {
    const stored = await buildLegalChange(t.db, {
      source: 'legislation_gov_uk',
      upstreamId: 'ukpga/2018/12',
      title: 'Data Protection Act 2018',
      legislationType: 'ukpga',
      category: 'primary',
    });
    const res = await get('/api/legal-sources/uk/search?query=data%20protection');
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results[0]).toMatchObject({ identifier: 'ukpga/2018/12', legalChangeId: stored.id });
    // the upstream's hits not stored here follow, without an id
    expect(results.length).toBeGreaterThan(1);
    expect(results.filter((r: { identifier: string }) => r.identifier === 'ukpga/2018/12')).toHaveLength(1);
  });

  it('refuses bad input with a clear 400 and an unknown source with 404', async () => {
    const short = await get('/api/legal-sources/eu/search?query=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 2/);
    expect((await get(`/api/legal-sources/eu/search?query=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await get('/api/legal-sources/eu/search?query=%3Cscript%3E')).statusCode).toBe(400);
    expect((await get('/api/legal-sources/eu/search?query=tax&docType=treaty')).statusCode).toBe(400);
    expect((await get('/api/legal-sources/uk/search')).statusCode).toBe(400);
    expect((await get('/api/legal-sources/mars/search?query=tax')).statusCode).toBe(404);
    expect((await post('/api/legal-sources/mars/sync')).statusCode).toBe(404);
    expect((await post('/api/legal-sources/mars/items', { identifier: 'x' })).statusCode).toBe(404);
    expect((await post('/api/legal-sources/eu/items', { identifier: 'not a celex' })).statusCode).toBe(400);
    expect(replay.requests).toHaveLength(0);
  });

  it('an upstream 500, a timeout or a malformed answer: Search Failed, that source unavailable, the rest unaffected', async () => {
    replay.fault('/sparql', 'status500');
    const failed = await get('/api/legal-sources/eu/search?query=data%20protection');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe('Failed to search legal sources');
    let status = (await get('/api/legal-sources/status')).json();
    const eu = status.sources.find((s: { code: string }) => s.code === 'eu');
    expect(eu.availability).toBe('unavailable');
    expect(eu.lastError).toBe('The source answered with HTTP 500.');

    replay.clearFaults();
    replay.fault('/frl/titles', 'timeout');
    expect((await get('/api/legal-sources/australia/search?query=privacy')).statusCode).toBe(502);
    replay.clearFaults();
    replay.fault('/fr/documents.json', 'truncatedJson');
    expect((await get('/api/legal-sources/us/federal-register/search?query=water')).statusCode).toBe(502);
    replay.clearFaults();

    // the others still answer
    expect((await get('/api/legal-sources/canada/recent-acts?query=harmonization')).statusCode).toBe(200);
    status = (await get('/api/legal-sources/status')).json();
    expect(status.sources.find((s: { code: string }) => s.code === 'canada').availability).toBe('available');
    // a sync brings the failed source back
    await post('/api/legal-sources/eu/sync');
    status = (await get('/api/legal-sources/status')).json();
    expect(status.sources.find((s: { code: string }) => s.code === 'eu').availability).toBe('available');
  }, 30_000);
});
