/** A member's settings: the legislation types they see and are alerted about. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeEvents, legislationTypes, notifications, userActions } from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { forgetGlobalAvailability } from '#server/modules/settings/legislation-types';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { settingsCalls } from './settings-account-setup';

describe.skipIf(postgresUnavailable())('settings and the member’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.update(legislationTypes).set({ globallyAvailable: true });
    forgetGlobalAvailability(t.app.caches.typeAvailability);
  });

  const { call, member } = settingsCalls(() => t);

  it('answers 401 to visitors on every member endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/legislation-preferences'],
      ['PUT', '/api/user/legislation-preferences'],
      ['GET', '/api/user/followed-legislation-counts'],
      ['POST', '/api/user/dismiss-followed-by-types'],
      ['PUT', '/api/user/settings'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/change-email/verify'],
      ['GET', '/api/user/export'],
      ['DELETE', '/api/user/account'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      const res = await call(method, url, {}, body);
      expect([400, 401], `${method} ${url}`).toContain(res.statusCode);
      if (method === 'GET') expect(res.statusCode).toBe(401);
    }
    // with a valid body the answer is 401, not a validation error
    expect((await call('PUT', '/api/user/settings', {}, { firstName: 'A' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/legislation-preferences', {}, { ukpga: false })).statusCode).toBe(
      401,
    );
  });

  it('switches legislation types, refuses unknown codes and types the administrator switched off', async () => {
    const m = await member();
    const all = (await call('GET', '/api/user/legislation-preferences', m.headers)).json();
    // keyed by the spec's names, in its order
    expect(Object.keys(all)).toHaveLength(16);
    expect(Object.keys(all).slice(0, 3)).toEqual([
      'ukPublicGeneralActs',
      'ukLocalActs',
      'ukPrivatePersonalActs',
    ]);
    expect(all.ukPublicGeneralActs).toBe(true);

    const byName = await call('PUT', '/api/user/legislation-preferences', m.headers, {
      ukStatutoryInstruments: false,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({ ukStatutoryInstruments: false, ukPublicGeneralActs: true });
    // a short code is still accepted as the name's alias
    const off = await call('PUT', '/api/user/legislation-preferences', m.headers, {
      ukpga: false,
      ukStatutoryInstruments: true,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ ukPublicGeneralActs: false, ukStatutoryInstruments: true });
    expect((await call('GET', '/api/user/legislation-preferences', m.headers)).json()).toMatchObject({
      ukPublicGeneralActs: false,
      ukStatutoryInstruments: true,
    });
    expect(
      (await call('PUT', '/api/user/legislation-preferences', m.headers, { notAType: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: 'yes' })).statusCode,
    ).toBe(400);

    await t.db
      .update(legislationTypes)
      .set({ globallyAvailable: false })
      .where(eq(legislationTypes.code, 'ukla'));
    forgetGlobalAvailability(t.app.caches.typeAvailability);
    const global = (await call('GET', '/api/global/legislation-availability', {})).json();
    expect(global).toMatchObject({ ukla: false, ukpga: true });
    const refused = await call('PUT', '/api/user/legislation-preferences', m.headers, { ukla: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('legislation_type_unavailable');
  });

  it('counts follows per type, dismisses the follows of switched-off types, and hides those types from the list and search', async () => {
    const m = await member();
    const other = await member();
    const tag = `Quayside${Date.now()}`;
    const acts = [
      await buildLegalChange(t.db, {
        title: `${tag} Act One`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
      }),
      await buildLegalChange(t.db, {
        title: `${tag} Act Two`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
      }),
    ];
    const si = await buildLegalChange(t.db, {
      title: `${tag} Regulations`,
      legislationType: 'uksi',
      category: 'secondary',
      source: 'legislation_gov_uk',
    });
    for (const item of [...acts, si]) {
      await call('POST', `/api/legal-changes/${item.id}/action`, m.headers, { action: 'followed' });
      await call('POST', `/api/legal-changes/${item.id}/action`, other.headers, { action: 'followed' });
    }
    const counts = (await call('GET', '/api/user/followed-legislation-counts', m.headers)).json();
    expect(counts).toMatchObject({ ukpga: 2, uksi: 1, ukla: 0 });

    const dismissed = await call('POST', '/api/user/dismiss-followed-by-types', m.headers, {
      legislationTypes: ['ukpga'],
    });
    expect(dismissed.json()).toEqual({ dismissed: 2 });
    expect(
      (await call('POST', '/api/user/dismiss-followed-by-types', m.headers, { legislationTypes: ['nope'] }))
        .statusCode,
    ).toBe(400);
    await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: false });

    const search = (headers: Record<string, string>) =>
      call('GET', `/api/legal-changes/search?q=${tag}&includeDismissed=true`, headers).then((r) =>
        r.json().data.map((d: { id: number }) => d.id),
      );
    expect(await search(m.headers)).toEqual([si.id]);
    // another member's switches and follows are untouched
    expect((await search(other.headers)).sort()).toEqual([...acts.map((a) => a.id), si.id].sort());
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, other.user.id));
    expect(actions.every((a) => a.action === 'followed')).toBe(true);

    const list = await call('GET', '/api/legal-changes?limit=50&includeDismissed=true', m.headers);
    expect(list.json().data.some((d: { legislationType: string }) => d.legislationType === 'ukpga')).toBe(
      false,
    );

    // switched off by the administrator: gone for everyone, visitors included
    await t.db
      .update(legislationTypes)
      .set({ globallyAvailable: false })
      .where(eq(legislationTypes.code, 'uksi'));
    forgetGlobalAvailability(t.app.caches.typeAvailability);
    expect(await search(other.headers)).not.toContain(si.id);
  });

  it('sends no alert for an item of a type the member switched off', async () => {
    const m = await member();
    await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: false });
    const act = await buildLegalChange(t.db, {
      title: 'Harbour Dues Act',
      legislationType: 'ukpga',
      source: 'legislation_gov_uk',
    });
    const bill = await buildLegalChange(t.db, { title: 'Harbour Dues Bill' });
    await t.db.insert(userActions).values([
      { userId: m.user.id, legalChangeId: act.id, action: 'followed' },
      { userId: m.user.id, legalChangeId: bill.id, action: 'followed' },
    ]);
    await t.db.insert(changeEvents).values([
      { legalChangeId: act.id, kind: 'stage_changed' },
      { legalChangeId: bill.id, kind: 'stage_changed' },
    ]);
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(rows.map((r) => r.legislationId)).toEqual([bill.id]);
  });
});
