/**
 * "Changes to the text": the versions of a provision and the redline between two, read from
 * the recorded Data Protection Act 2018 s. 45 documents on the replay server (as enacted, at
 * 2019-01-01 and current), kept once read, with clear errors for what cannot be answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import type { DiffBlock, ProvisionDiff } from '#shared/schemas/redlines';
import { FAST_CLIENTS, upstreamEnv } from './sync-fixtures';
import { buildDataProtectionAct } from './data-protection-act';

const S45 = '/ukpga/2018/12/section/45';
const FIXTURES = 'sources/legislation-gov-uk/ukpga-2018-12-section-45';

describe.skipIf(postgresUnavailable())('redlines of provisions', () => {
  let t: TestApp;
  let replay: ReplayServer;
  let act: { id: number };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const diff = (from: string, to: string) =>
    get(`/api/legal-changes/${act.id}/provisions/section%2F45/diff?from=${from}&to=${to}`);

  beforeAll(async () => {
    replay = await startReplayServer();
    replay.loadFixtureMap({
      [`${S45}/data.xml`]: `${FIXTURES}.xml`,
      [`${S45}/enacted/data.xml`]: `${FIXTURES}-enacted.xml`,
      [`${S45}/2019-01-01/data.xml`]: `${FIXTURES}-2019-01-01.xml`,
    });
    t = await buildTestApp({ env: upstreamEnv(replay), deps: { syncClientOptions: FAST_CLIENTS } });
    act = await buildDataProtectionAct(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  it('lists the versions legislation.gov.uk names for the provision', async () => {
    const res = await get(`/api/legal-changes/${act.id}/provisions/section%2F45/versions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provision: 'section/45',
      title: 'Right of access by the data subject',
      sourceUrl: 'https://www.legislation.gov.uk/ukpga/2018/12/section/45',
      versions: [
        { label: 'enacted', validFrom: null },
        ...['2018-05-25', '2020-12-31', '2024-01-01', '2025-09-05', '2026-02-05', '2026-06-19'].map((d) => ({
          label: d,
          validFrom: d,
        })),
        { label: 'current', validFrom: '2026-06-19' },
      ],
    });
  });

  it('marks what the Data (Use and Access) Act 2025 inserted and omitted, each with its note', async () => {
    const res = await diff('enacted', 'current');
    expect(res.statusCode).toBe(200);
    const body = res.json<ProvisionDiff>();
    expect(body).toMatchObject({
      provision: 'section/45',
      from: 'enacted',
      to: 'current',
      wordsChanged: true,
    });
    const block = (n: string) => body.blocks.find((b) => b.number === n)!;
    const runs = (b: DiffBlock, op: string) => b.words.filter((w) => w.op === op).map((w) => w.text.trim());
    for (const n of ['(2)(ea)', '(2A)', '(5)(ca)']) {
      expect(block(n)).toMatchObject({ status: 'inserted', before: null });
      expect(runs(block(n), 'inserted')).toEqual([block(n).after]);
    }
    expect(runs(block('(2)(f)'), 'inserted')).toEqual(['(see section 165)']);
    expect(runs(block('(5)'), 'inserted')).toEqual([
      'under subsection (4)',
      'and in any event before the end of the applicable time period (as to which see section 54)',
    ]);
    expect(runs(block('(5)(d)'), 'inserted')).toEqual(['under section 165']);
    expect(runs(block('(7)(a)'), 'inserted')).toEqual(['in reliance on subsection (4)']);
    expect(block('(4)(d)')).toMatchObject({
      status: 'omitted',
      before: 'protect national security;',
      words: [{ op: 'omitted', text: 'protect national security;' }],
    });
    // every change has its note, the law's own words
    for (const n of ['(2)(ea)', '(2)(f)', '(2A)', '(4)(d)', '(5)', '(5)(ca)', '(5)(d)', '(7)(a)'])
      expect(body.notes.some((note) => note.blocks.includes(n))).toBe(true);
    expect(body.notes.find((n) => n.blocks.includes('(2)(ea)'))).toMatchObject({
      by: 'Data (Use and Access) Act 2025',
      inForce: '2026-06-19',
    });
    expect(body.sources.from.sourceUrl).toBe(
      'https://www.legislation.gov.uk/ukpga/2018/12/section/45/enacted',
    );
    expect(body.sources.to).toMatchObject({ label: 'current', validFrom: '2026-06-19' });
  });

  it('reports no change to the words between the enacted text and the text in force on 2019-01-01', async () => {
    const res = await diff('enacted', '2019-01-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ wordsChanged: false, inForceChanged: false, notes: [] });
    expect(res.json<ProvisionDiff>().blocks.every((b) => b.status === 'unchanged')).toBe(true);
  });

  it('reads a version from legislation.gov.uk once', async () => {
    replay.clearRequests();
    expect((await diff('enacted', '2019-01-01')).statusCode).toBe(200);
    expect(replay.requests).toEqual([]);
  });

  it('links each effect on one provision to its redline between the versions around it', async () => {
    const effect = (effectId: string, affectedProvisions: string, inForceDate: string | null) => ({
      legalChangeId: act.id,
      effectId,
      type: 'words inserted',
      affectedProvisions,
      affectingTitle: 'Data (Use and Access) Act 2025',
      inForceDate,
      modifiedAt: new Date(),
    });
    await t.db
      .insert(legalChangeEffects)
      .values([
        effect('key-one', 's. 45(2)(f)', '2026-06-19'),
        effect('key-list', 'ss. 45-47', '2026-06-19'),
        effect('key-undated', 's. 45(5)', null),
      ]);
    const res = await get(`/api/legal-changes/${act.id}/effects`);
    expect(res.statusCode).toBe(200);
    const diffPathOf = (affected: string) =>
      res.json().effects.find((e: { affectedProvisions: string }) => e.affectedProvisions === affected)
        .diffPath;
    expect(diffPathOf('s. 45(2)(f)')).toBe(
      `/api/legal-changes/${act.id}/provisions/section%2F45/diff?from=2026-06-18&to=2026-06-19`,
    );
    expect(diffPathOf('ss. 45-47')).toBeNull();
    expect(diffPathOf('s. 45(5)')).toBeNull();
  });

  it('answers 400 for a malformed provision or version and 404 for an unknown one', async () => {
    const base = `/api/legal-changes/${act.id}/provisions`;
    expect((await get(`${base}/drop%20table/versions`)).statusCode).toBe(400);
    expect((await get(`${base}/section%2F45/diff?from=enacted&to=yesterday`)).statusCode).toBe(400);
    expect((await get(`${base}/section%2F45/diff?from=2019-02-30&to=current`)).statusCode).toBe(400);
    expect((await get(`${base}/section%2F45/diff?from=enacted`)).statusCode).toBe(400);
    const unknownProvision = await get(`${base}/section%2F9999/versions`);
    expect(unknownProvision.statusCode).toBe(404);
    expect(unknownProvision.json().error.code).toBe('provision_not_found');
    const unknownVersion = await diff('made', 'current');
    expect(unknownVersion.statusCode).toBe(404);
    expect(unknownVersion.json().error.message).toMatch(/made/);
    expect((await get(`/api/legal-changes/99999999/provisions/section%2F45/versions`)).statusCode).toBe(404);
  });

  it('answers a clear 502 when legislation.gov.uk fails, and 404 for an item it does not publish', async () => {
    replay.route({ path: '/ukpga/2018/12/section/46/data.xml', status: 500, body: 'upstream down' });
    const failed = await get(`/api/legal-changes/${act.id}/provisions/section%2F46/versions`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({ code: 'legislation_unavailable' });
    const bill = await buildLegalChange(t.db, { source: 'parliament_bills', upstreamId: '3737' });
    const res = await get(`/api/legal-changes/${bill.id}/provisions/section%2F1/versions`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('no_legislation_text');
  });
});
