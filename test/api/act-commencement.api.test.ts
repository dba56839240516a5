/**
 * An Act's commencement, as its recorded effects state it: the effects sync reads 'coming into
 * force' effects from the changes feed, and GET /api/legal-changes/{id}/effects names the
 * instruments that brought provisions into force, with the dates they state.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { userActions } from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { replayAppSuite } from '#test/support/replay-app-suite';
import { postgresUnavailable } from '#test/support/test-database';
import { syncContext } from './sync-fixtures';
import { DPA_FEED, DPA_PATH, buildDataProtectionAct } from './data-protection-act';

const COMMENCEMENT_NO_3 = 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019';

/**
 * Constructed, not recorded: no recorded changes feed holds a 'coming into force' effect. These
 * two state what regulation 2 of S.I. 2019/1434 (recorded in
 * uksi-2019-1434-regulation-2-made.xml) does: paragraphs 211 and 227 of Schedule 19 to the Act
 * come into force on 2 December 2019. They go in front of the recorded feed's three entries.
 */
function commencementEntry(key: string, provision: string, by: string): string {
  return `<entry><id>http://www.legislation.gov.uk/changes/affected/ukpga/2018/12/affecting/uksi/2019/1434/${key}</id><content type="text/xml"><ukm:Effect EffectId="${key}" Type="coming into force" AffectedURI="http://www.legislation.gov.uk/id/ukpga/2018/12" AffectedProvisions="${provision}" AffectingURI="http://www.legislation.gov.uk/id/uksi/2019/1434" AffectingProvisions="${by}" Applied="true" RequiresApplied="true" Modified="2019-11-05T10:00:00Z"><ukm:AffectedTitle>Data Protection Act 2018</ukm:AffectedTitle><ukm:AffectedProvisions><ukm:Section>${provision}</ukm:Section></ukm:AffectedProvisions><ukm:AffectingTitle>${COMMENCEMENT_NO_3}</ukm:AffectingTitle><ukm:AffectingProvisions><ukm:Section>${by}</ukm:Section></ukm:AffectingProvisions><ukm:InForceDates><ukm:InForce Date="2019-12-02" Applied="true" Qualification="wholly in force"/></ukm:InForceDates></ukm:Effect></content><title>constructed for this test</title></entry>`;
}

function feedWithCommencement(): string {
  const recorded = readFileSync(new URL(`../fixtures/${DPA_FEED}`, import.meta.url), 'utf8');
  const entries =
    commencementEntry('key-cif-sch19-211', 'Sch. 19 para. 211', 'reg. 2(a)') +
    commencementEntry('key-cif-sch19-227', 'Sch. 19 para. 227', 'reg. 2(b)');
  return recorded.replace('<entry>', `${entries}<entry>`);
}

describe.skipIf(postgresUnavailable())('an Act’s commencement from its effects', () => {
  const suite = replayAppSuite();

  it('names each commencing instrument once, with the in-force dates its effects state', async () => {
    suite.replay.route({ path: DPA_PATH, body: feedWithCommencement(), contentType: 'application/atom+xml' });
    const act = await buildDataProtectionAct(suite.t.db);
    const member = await buildSignedInUser(suite.t.db);
    await suite.t.db
      .insert(userActions)
      .values({ userId: member.user.id, legalChangeId: act.id, action: 'followed' });
    expect(
      (await runSync(syncContext(suite.t.db, suite.replay), 'effects', { triggeredBy: 'test' })).status,
    ).toBe('completed');

    const res = await suite.t.app.inject({ method: 'GET', url: `/api/legal-changes/${act.id}/effects` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    // the three recorded 'word substituted' effects amend the Act; they do not commence it
    expect(body.commencement).toEqual({
      instruments: [
        {
          title: COMMENCEMENT_NO_3,
          url: 'https://www.legislation.gov.uk/uksi/2019/1434',
          provisions: 2,
          firstInForce: '2019-12-02',
          lastInForce: '2019-12-02',
        },
      ],
      total: 1,
    });
    expect(body.effects.filter((e: { type: string }) => e.type === 'coming into force')).toHaveLength(2);
  });

  it('an Act with no commencing effect recorded has no commencement, not an invented one', async () => {
    const other = await buildLegalChange(suite.t.db, {
      source: 'legislation_gov_uk',
      upstreamId: 'ukpga/2015/18',
      title: 'Lords Spiritual (Women) Act 2015',
      legislationType: 'ukpga',
      category: 'primary',
    });
    const res = await suite.t.app.inject({ method: 'GET', url: `/api/legal-changes/${other.id}/effects` });
    expect(res.json()).toEqual({ effects: [], total: 0, commencement: null, checkedAt: null });
  });
});
