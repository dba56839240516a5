/**
 * Changes to law in force: the effects sync against recorded changes feeds on the replay
 * server, from a new effect on a followed Act to one in-app notification and one email; and
 * GET /api/legal-changes/{id}/effects.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  alertPreferences,
  changeEvents,
  legalChangeEffects,
  notifications,
  outbox,
  userActions,
} from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { runSync } from '#server/modules/sync/run-sync';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { replayAppSuite } from '#test/support/replay-app-suite';
import { postgresUnavailable } from '#test/support/test-database';
import { syncContext } from './sync-fixtures';
import { DPA_FEED, DPA_PATH, buildDataProtectionAct } from './data-protection-act';

/** the recorded feed with one more effect in front: what the next read finds */
function withNewEffect(): string {
  const recorded = readFileSync(new URL(`../fixtures/${DPA_FEED}`, import.meta.url), 'utf8');
  const entry = `<entry><id>http://www.legislation.gov.uk/changes/affected/ukpga/2018/12/affecting/uksi/2026/999/key-new/modified/2026-11-20T10:00:00Z</id><content type="text/xml"><ukm:Effect EffectId="key-new-effect-0001" Type="repealed" AffectedURI="http://www.legislation.gov.uk/id/ukpga/2018/12" AffectedProvisions="s. 170" AffectingURI="http://www.legislation.gov.uk/id/uksi/2026/999" AffectingProvisions="reg. 4" Applied="false" RequiresApplied="true" Modified="2026-11-20T10:00:00Z"><ukm:AffectedTitle>Data Protection Act 2018</ukm:AffectedTitle><ukm:AffectedProvisions><ukm:Section>s. 170</ukm:Section></ukm:AffectedProvisions><ukm:AffectingTitle>The Data Protection (Repeal) Regulations 2026</ukm:AffectingTitle><ukm:AffectingProvisions><ukm:Section>reg. 4</ukm:Section></ukm:AffectingProvisions><ukm:InForceDates><ukm:InForce Date="2026-12-01" Applied="false"/></ukm:InForceDates></ukm:Effect></content><title>constructed for this test</title></entry>`;
  return recorded.replace('<entry>', `${entry}<entry>`);
}

describe.skipIf(postgresUnavailable())('changes to law in force', () => {
  const suite = replayAppSuite();

  it('reads the effects of followed Acts: quietly at first, then a new one alerts its followers once', async () => {
    suite.replay.route({ path: DPA_PATH, bodyFile: DPA_FEED });
    const act = await buildDataProtectionAct(suite.t.db);
    const follower = await buildSignedInUser(suite.t.db, { subscriptionTier: 'premium' });
    const optedOut = await buildSignedInUser(suite.t.db, { subscriptionTier: 'premium' });
    for (const u of [follower, optedOut])
      await suite.t.db
        .insert(userActions)
        .values({ userId: u.user.id, legalChangeId: act.id, action: 'followed' });
    await suite.t.db.insert(alertPreferences).values({ userId: optedOut.user.id, lawInForceAlerts: false });

    const first = await runSync(syncContext(suite.t.db, suite.replay), 'effects', { triggeredBy: 'test' });
    expect(first.status).toBe('completed');
    const stored = await suite.t.db
      .select()
      .from(legalChangeEffects)
      .where(eq(legalChangeEffects.legalChangeId, act.id));
    expect(stored).toHaveLength(3);
    expect(stored.find((e) => e.effectId === 'key-afc4da5af850ada1378557cf240207e0')).toMatchObject({
      type: 'word substituted',
      affectedProvisions: 's. 65 heading',
      affectingTitle:
        'The Data (Use and Access) Act 2025 (Consequential Amendments and Transitional Provision) Regulations 2026',
      applied: false,
      inForceDate: '2026-09-30',
    });
    // the first read is history, not news
    expect(
      await suite.t.db.select().from(changeEvents).where(eq(changeEvents.legalChangeId, act.id)),
    ).toEqual([]);

    // the API lists them, newest modified first
    const listed = await suite.t.app.inject({ method: 'GET', url: `/api/legal-changes/${act.id}/effects` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(3);
    expect(listed.json().effects[0].affectingUrl).toBe('https://www.legislation.gov.uk/uksi/2026/386');

    suite.replay.route({ path: DPA_PATH, body: withNewEffect(), contentType: 'application/atom+xml' });
    await runSync(syncContext(suite.t.db, suite.replay), 'effects', { triggeredBy: 'test' });
    const events = await suite.t.db.select().from(changeEvents).where(eq(changeEvents.legalChangeId, act.id));
    expect(events.map((e) => e.kind)).toEqual(['law_changed']);

    await matchAlerts(suite.t.db, { notifyPostgres: suite.t.database.mode === 'postgres' });
    const inApp = await suite.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.legislationId, act.id));
    expect(inApp.map((n) => n.userId)).toEqual([follower.user.id]);
    expect(inApp[0]).toMatchObject({
      title: 'Change to law in force: Data Protection Act 2018',
      message:
        'S. 170 repealed by The Data Protection (Repeal) Regulations 2026, in force from 1 December 2026.',
    });
    await queueImmediateAlerts(suite.t.db, suite.t.config, suite.t.app.secrets.appSecret);
    const emails = await suite.t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, follower.user.id), eq(outbox.channel, 'email')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Change to law in force: Data Protection Act 2018');

    // a third read with nothing new: nothing more
    await runSync(syncContext(suite.t.db, suite.replay), 'effects', { triggeredBy: 'test' });
    expect(
      await suite.t.db.select().from(changeEvents).where(eq(changeEvents.legalChangeId, act.id)),
    ).toHaveLength(1);
    expect(
      await suite.t.db.select().from(legalChangeEffects).where(eq(legalChangeEffects.legalChangeId, act.id)),
    ).toHaveLength(4);
  });

  it('an empty changes feed stores nothing; an unknown item is a 404', async () => {
    suite.replay.route({
      path: '/changes/affected/uksi/2019/1434/data.feed',
      bodyFile: 'sources/legislation-gov-uk/changes-unapplied-affected-uksi-1980-2049-empty.feed.xml',
    });
    const si = await buildLegalChange(suite.t.db, {
      source: 'legislation_gov_uk',
      upstreamId: 'uksi/2019/1434',
      legislationType: 'uksi',
      category: 'secondary',
    });
    const member = await buildSignedInUser(suite.t.db);
    await suite.t.db
      .insert(userActions)
      .values({ userId: member.user.id, legalChangeId: si.id, action: 'followed' });
    const outcome = await runSync(syncContext(suite.t.db, suite.replay), 'effects', { triggeredBy: 'test' });
    expect(outcome.status).toBe('completed');
    expect(
      (await suite.t.app.inject({ method: 'GET', url: `/api/legal-changes/${si.id}/effects` })).json(),
    ).toEqual({
      effects: [],
      total: 0,
      commencement: null,
      // read, with nothing recorded: the Effects section says when it was last checked
      checkedAt: expect.any(String),
    });
    expect(
      (await suite.t.app.inject({ method: 'GET', url: '/api/legal-changes/99999999/effects' })).statusCode,
    ).toBe(404);
  });
});
