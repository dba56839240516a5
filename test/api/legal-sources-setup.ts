/**
 * Shared by the legal sources tests: every upstream source served from recorded answers on the
 * replay server, and the environment pointing the app at it.
 */
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { FAST_CLIENTS } from './sync-fixtures';

export const fixture = (path: string) => `sources/${path}`;

export function serveAll(replay: ReplayServer) {
  replay.route({
    path: '/sparql',
    bodyFile: fixture('eur-lex/constructed-sparql-search-data-protection.json'),
  });
  replay.route({
    path: '/fr/documents.json',
    bodyFile: fixture('federal-register/documents-search-term-clean-water.json'),
  });
  replay.route({
    path: '/fr/documents/2024-31396.json',
    bodyFile: fixture('federal-register/document-2024-31396.json'),
  });
  replay.route({
    path: '/congress/bill',
    bodyFile: fixture('congress-gov/bill-list-sort-updatedate-desc-limit-50.json'),
  });
  replay.route({ path: '/congress/bill/119/hr/1', bodyFile: fixture('congress-gov/bill-119-hr-1.json') });
  replay.route({
    path: '/legisinfo/en/bills/json',
    bodyFile: fixture('canada-legisinfo/bills-json-parlsession-45-1-first-60.json'),
  });
  replay.route({
    path: '/frl/titles',
    bodyFile: fixture('australia-legislation/constructed-titles-search-privacy.json'),
  });
  replay.route({
    path: "/frl/titles('C2004A03712')",
    bodyFile: fixture('australia-legislation/title-C2004A03712-privacy-act-1988.json'),
  });
  replay.route({
    path: '/justice/Legis.xml',
    bodyFile: fixture('canada-justice-laws/constructed-Legis.xml'),
  });
  replay.route({
    path: '/justice/S-22.xml',
    bodyFile: fixture('canada-justice-laws/act-S-22-statutory-instruments-act.xml'),
  });
  replay.route({
    path: '/justice/SOR-2026-79.xml',
    bodyFile: fixture('canada-justice-laws/regulation-SOR-2026-79.xml'),
  });
  replay.route({
    path: '/title/data%20protection/data.feed',
    bodyFile: fixture('legislation-gov-uk/search-title-data-protection.feed.xml'),
  });
}

export const sourceEnv = (replay: ReplayServer, withKey = true) => ({
  EURLEX_SPARQL_URL: `${replay.url}/sparql`,
  FEDERAL_REGISTER_API_URL: `${replay.url}/fr`,
  CONGRESS_API_URL: `${replay.url}/congress`,
  ...(withKey ? { CONGRESS_API_KEY: 'congress-test-key-not-a-secret-elsewhere' } : {}),
  CANADA_LEGISINFO_URL: `${replay.url}/legisinfo`,
  CANADA_LAWS_URL: `${replay.url}/justice`,
  AUSTRALIA_LEGISLATION_API_URL: `${replay.url}/frl`,
  LEGISLATION_API_URL: replay.url,
});

export interface LegalSourcesSuite {
  t: TestApp;
  replay: ReplayServer;
  /** a Premium member */
  member: Awaited<ReturnType<typeof buildSignedInUser>>;
}

/** The app with its source clients on the replay server serving every source, and a Premium member. */
export async function startLegalSourcesSuite(): Promise<LegalSourcesSuite> {
  const replay = await startReplayServer();
  serveAll(replay);
  const t = await buildTestApp({ env: sourceEnv(replay), deps: { syncClientOptions: FAST_CLIENTS } });
  const member = await buildSignedInUser(t.db, { subscriptionTier: 'premium' });
  return { t, replay, member };
}

export async function stopLegalSourcesSuite(suite: Partial<LegalSourcesSuite>): Promise<void> {
  await suite.t?.close();
  await suite.replay?.close();
}

/** Before each test: no cached search, no fault, no recorded request. */
export function resetLegalSourcesSuite({ t, replay }: LegalSourcesSuite): void {
  t.app.caches.legalSourceSearches.clear();
  replay.clearFaults();
  replay.clearRequests();
}
