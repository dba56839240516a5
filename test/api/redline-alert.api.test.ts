/**
 * An alert about a new effect quotes the change: from a new effect on a followed Act (the
 * recorded changes feed with one constructed entry in front) to an in-app notification and an
 * email that quote the words inserted, read from the recorded versions of s. 45 on the replay
 * server, and open the redline. The day before the effect is stood in by the recorded text at
 * 2019-01-01 (no version at 2026-06-18 was recorded): the quote is limited to the paragraph the
 * effect names, (2)(ea), which that text lacks as the real one did.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, notifications, outbox, userActions, users } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { runSync } from '#server/modules/sync/run-sync';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import { syncContext } from './sync-fixtures';
import { DPA_FEED, DPA_PATH, buildDataProtectionAct } from './data-protection-act';

const S45 = '/ukpga/2018/12/section/45';
const FIXTURES = 'sources/legislation-gov-uk/ukpga-2018-12-section-45';
const INSERTED =
  'the existence of the data subject’s right to make a complaint to the controller (see section 164A);';

/** the recorded feed with one more effect in front: s. 45(2)(ea) inserted, in force 19 June 2026 */
function withNewEffect(): string {
  const recorded = readFileSync(new URL(`../fixtures/${DPA_FEED}`, import.meta.url), 'utf8');
  const entry = `<entry><id>http://www.legislation.gov.uk/changes/affected/ukpga/2018/12/key-redline</id><content type="text/xml"><ukm:Effect EffectId="key-redline-effect-0001" Type="inserted" AffectedURI="http://www.legislation.gov.uk/id/ukpga/2018/12" AffectedProvisions="s. 45(2)(ea)" AffectingURI="http://www.legislation.gov.uk/id/ukpga/2025/18" AffectingProvisions="s. 103(2)" Applied="true" RequiresApplied="true" Modified="2026-11-20T10:00:00Z"><ukm:AffectedTitle>Data Protection Act 2018</ukm:AffectedTitle><ukm:AffectedProvisions><ukm:Section>s. 45(2)(ea)</ukm:Section></ukm:AffectedProvisions><ukm:AffectingTitle>Data (Use and Access) Act 2025</ukm:AffectingTitle><ukm:AffectingProvisions><ukm:Section>s. 103(2)</ukm:Section></ukm:AffectingProvisions><ukm:InForceDates><ukm:InForce Date="2026-06-19" Applied="true"/></ukm:InForceDates></ukm:Effect></content><title>constructed for this test</title></entry>`;
  return recorded.replace('<entry>', `${entry}<entry>`);
}

describe.skipIf(postgresUnavailable())('alerts that quote the change', () => {
  let t: TestApp;
  let replay: ReplayServer;

  beforeAll(async () => {
    replay = await startReplayServer();
    replay.loadFixtureMap({
      [`${S45}/2026-06-18/data.xml`]: `${FIXTURES}-2019-01-01.xml`,
      [`${S45}/2026-06-19/data.xml`]: `${FIXTURES}.xml`,
    });
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  it('quotes the inserted words in the member’s language and opens the redline', async () => {
    replay.route({ path: DPA_PATH, bodyFile: DPA_FEED });
    const act = await buildDataProtectionAct(t.db);
    const english = await buildSignedInUser(t.db, { subscriptionTier: 'premium' });
    const french = await buildSignedInUser(t.db, { subscriptionTier: 'premium' });
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
    for (const u of [english, french])
      await t.db.insert(userActions).values({ userId: u.user.id, legalChangeId: act.id, action: 'followed' });
    await runSync(syncContext(t.db, replay), 'effects', { triggeredBy: 'test' });

    replay.route({ path: DPA_PATH, body: withNewEffect(), contentType: 'application/atom+xml' });
    await runSync(syncContext(t.db, replay), 'effects', { triggeredBy: 'test' });
    const [event] = await t.db.select().from(changeEvents).where(eq(changeEvents.legalChangeId, act.id));
    expect(event!.after).toMatchObject({
      quote: {
        provision: 'section/45',
        from: '2026-06-18',
        to: '2026-06-19',
        inserted: INSERTED,
        omitted: null,
        redlinePath: `/legal-changes/${act.id}?tab=redline&provision=section%2F45&from=2026-06-18&to=2026-06-19`,
      },
    });

    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    const inApp = await t.db.select().from(notifications).where(eq(notifications.legislationId, act.id));
    const of = (id: number) => inApp.find((n) => n.userId === id)!;
    expect(of(english.user.id)).toMatchObject({
      message: `S. 45(2)(ea) inserted by Data (Use and Access) Act 2025, in force from 19 June 2026. Words inserted: “${INSERTED}”.`,
      tab: 'redline',
    });
    expect(of(french.user.id).message).toContain(`Mots insérés : « ${INSERTED} ».`);
    expect(of(french.user.id).tab).toBe('redline');

    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret);
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, english.user.id), eq(outbox.channel, 'email')));
    expect(JSON.stringify(email)).toContain(`/legal-change/${act.id}?tab=redline`);
    expect(JSON.stringify(email)).toContain('(see section 164A)');
  });
});
