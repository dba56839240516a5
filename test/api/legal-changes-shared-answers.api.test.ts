import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

const FRESH_SECONDS = 0.3;
const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(postgresUnavailable())('list and search answers shared by signed-out visitors', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof buildSignedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ANONYMOUS_ANSWER_CACHE_SECONDS: String(FRESH_SECONDS) } });
    for (let i = 0; i < 3; i++)
      await buildLegalChange(t.db, { title: `Harbour Bill ${i}`, itemDate: `2026-05-0${i + 1}` });
    member = await buildSignedInUser(t.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each(['/api/legal-changes?limit=5', '/api/legal-changes/search?q=harbour'])(
    'answers %s again without the database, the same bytes, until the answer is %ss old',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const again = await countStatements(t.database.pool, async () => {
        const res = await get(url);
        expect(res.body).toBe(first.body);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
      });
      expect(again.count, again.statements.join('\n')).toBe(0);
      // another question is answered on its own
      expect((await countStatements(t.database.pool, () => get(`${url}&page=2`))).count).toBeGreaterThan(0);
    },
  );

  it('shows a new item to visitors and members alike once the shared answer is too old', async () => {
    const url = '/api/legal-changes/search?q=lighthouse';
    await buildLegalChange(t.db, { title: 'Lighthouse Bill', itemDate: '2026-04-01' });
    expect((await get(url)).json().total).toBe(1);
    const added = await buildLegalChange(t.db, { title: 'Lighthouse (Fees) Bill', itemDate: '2026-04-02' });
    await sleep(2 * FRESH_SECONDS * 1000 + 50);
    for (const headers of [undefined, member.headers]) {
      const later = (await get(url, headers)).json();
      expect(idsOf(later)).toContain(added.id);
      expect(later.total).toBe(2);
    }
  });

  it('never shares a member’s answer: their actions stay their own', async () => {
    const url = '/api/legal-changes?limit=50&includeDismissed=true';
    const anonymous = (await get(url)).json();
    expect(anonymous.data.every((r: { userAction: unknown }) => r.userAction === null)).toBe(true);
    const [first] = anonymous.data as { id: number }[];
    await t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${first!.id}/action`,
      headers: member.headers,
      payload: { action: 'followed' },
    });
    const mine = (await get(url, member.headers)).json();
    expect(mine.data.find((r: { id: number }) => r.id === first!.id).userAction).toBe('followed');
    expect((await get(url)).json().data.every((r: { userAction: unknown }) => r.userAction === null)).toBe(
      true,
    );
  });

  it('answers a validation error as before, never from a shared answer', async () => {
    const res = await get('/api/legal-changes?limit=99');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe.skipIf(postgresUnavailable())('list answers with sharing turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ANONYMOUS_ANSWER_CACHE_SECONDS: '0' } });
    await buildLegalChange(t.db, { title: 'Canal Bill', itemDate: '2026-05-01' });
  });
  afterAll(() => t.close());

  it('reads the database for every request', async () => {
    const url = '/api/legal-changes/search?q=canal';
    await t.app.inject({ method: 'GET', url });
    const again = await countStatements(t.database.pool, () => t.app.inject({ method: 'GET', url }));
    expect(again.count).toBeGreaterThan(0);
  });
});
