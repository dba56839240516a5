/** A member's page sent with the answers to its screen's first requests. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES } from '#shared/cookie-names';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { clientBuild } from './static-client-setup';

describe("a member's page comes with the answers to its screen's first requests", () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'early-answers.ts': { file: 'assets/early-answers.js', isEntry: true },
    'app/routes/dashboard.tsx': { file: 'assets/dashboard.js' },
  };
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = clientBuild(manifest);
    t = await buildTestApp({ deps: { clientRoot: root } });
    // before any list is asked for: lists are shared for a few seconds
    await buildLegalChange(t.db, { title: 'Early answers Bill' });
    await buildLegalChange(t.db, { title: MARKUP_TITLE });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });
  const MARKUP_TITLE = '</script><script>alert(1)</script><!-- Bill';
  const DASHBOARD_ANSWERS = [
    '/api/auth/user',
    '/api/dashboard/stats',
    '/api/jurisdictions',
    '/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc',
    '/api/user-subscriptions',
    '/api/upcoming-deadlines',
    '/api/legal-changes/followed?page=1&limit=50',
    '/api/data-freshness',
    '/api/notifications/in-app',
    '/api/user/cookie-preferences',
  ];

  /** The answers a page holds, by URL, as the browser reads them (the elements' text, parsed). */
  const answersIn = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<script type="application\/json" data-early-answer="([^"]+)">(.*?)<\/script>/g)].map(
        (m) => [m[1]!.replace(/&amp;/g, '&'), JSON.parse(m[2]!)],
      ),
    );
  const page = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: `${COOKIE_NAMES.session}=${token}`, ...headers } });
  /**
   * The page, once it holds the answers to `needed`: a page holds the answers ready within a short
   * wait, and a test process's first queries (or a busy machine's) can take longer than that.
   */
  const pageWith = async (
    url: string,
    token: string,
    needed: string[],
    headers: Record<string, string> = {},
  ) => {
    let res = await page(url, token, headers);
    for (let i = 0; i < 100 && !needed.every((u) => u in answersIn(res.body)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await page(url, token, headers);
    }
    return res;
  };
  const api = (url: string, token: string) =>
    t.app
      .inject({ method: 'GET', url, headers: { cookie: `${COOKIE_NAMES.session}=${token}` } })
      .then((r) => r.json());

  it("answers the dashboard's first requests exactly as the API does, in a page no one else keeps", async () => {
    const { token } = await buildSignedInUser(t.db);
    const res = await pageWith('/', token, DASHBOARD_ANSWERS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const answers = answersIn(res.body);
    expect(Object.keys(answers)).toEqual(DASHBOARD_ANSWERS);
    for (const [url, answer] of Object.entries(answers)) expect(answer, url).toEqual(await api(url, token));
    expect(
      answers['/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc'].data.map(
        (item: { title: string }) => item.title,
      ),
    ).toContain('Early answers Bill');
    // the script that hands them over runs before the page's entry; the answers are in the body
    expect(res.body.indexOf('src="/assets/early-answers.js"')).toBeGreaterThan(-1);
    expect(res.body.indexOf('src="/assets/early-answers.js"')).toBeLessThan(
      res.body.indexOf('src="/assets/index.js"'),
    );
    expect(res.body.indexOf('data-early-answer')).toBeGreaterThan(res.body.indexOf('<body>'));
  });

  it("a legal change's page holds its record, and its analysis in the member's language", async () => {
    const { user, token } = await buildSignedInUser(t.db, { language: 'es' });
    const item = await buildLegalChange(t.db, { title: 'Detalle Bill' });
    const base = `/api/legal-changes/${item.id}`;
    const answers = answersIn(
      (
        await pageWith(`/legal-change/${item.id}`, token, [
          base,
          `${base}/action`,
          `${base}/effects`,
          `${base}/timeline`,
          `${base}/ai-overview?language=es`,
        ])
      ).body,
    );
    expect(answers['/api/auth/user'].id).toBe(user.id);
    expect(answers[`/api/legal-changes/${item.id}`].title).toBe('Detalle Bill');
    const overview = answers[`/api/legal-changes/${item.id}/ai-overview?language=es`];
    expect(overview.language).toBe('es');
    for (const suffix of ['/action', '/effects', '/timeline']) {
      expect(answers[`/api/legal-changes/${item.id}${suffix}`], suffix).toBeDefined();
    }
  });

  it('keeps a record that holds markup inside its answer, where it stays text', async () => {
    const { token } = await buildSignedInUser(t.db);
    const title = MARKUP_TITLE;
    const res = await pageWith('/', token, [DASHBOARD_ANSWERS[3]!]);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- Bill');
    const list = answersIn(res.body)[
      '/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc'
    ];
    expect(list.data.map((item: { title: string }) => item.title)).toContain(title);
  });

  it('sends no answers for a session that is no longer valid, an address with a query, or a screen with none listed', async () => {
    const expired = await page('/', 'no-such-session');
    expect(expired.statusCode).toBe(200);
    expect(answersIn(expired.body)).toEqual({});
    expect(expired.body).not.toContain('early-answers.js');
    const { token } = await buildSignedInUser(t.db);
    expect(answersIn((await page('/?view=followed', token)).body)).toEqual({});
    // a page with no screen's requests listed: its session, which every page asks for first
    const terms = await pageWith('/terms', token, ['/api/auth/user']);
    expect(Object.keys(answersIn(terms.body))).toEqual(['/api/auth/user']);
    // a member screen of its own, with or without the trailing slash
    for (const path of ['/settings', '/settings/']) {
      const screen = await pageWith(path, token, ['/api/auth/sessions']);
      expect(Object.keys(answersIn(screen.body)), path).toContain('/api/auth/sessions');
    }
    // an unknown path stays a 404, with no answers
    const unknown = await page('/no/such/page', token);
    expect(unknown.statusCode).toBe(404);
    expect(answersIn(unknown.body)).toEqual({});
  });

  it("gives another member's page their own answers, never the first member's", async () => {
    const first = await buildSignedInUser(t.db, { email: 'first-early@example.test' });
    const second = await buildSignedInUser(t.db, { email: 'second-early@example.test' });
    const one = answersIn((await pageWith('/', first.token, ['/api/auth/user'])).body)['/api/auth/user'];
    const two = answersIn((await pageWith('/', second.token, ['/api/auth/user'])).body)['/api/auth/user'];
    expect(one.email).toBe('first-early@example.test');
    expect(two.email).toBe('second-early@example.test');
  });

  it('shows a follow made on another web process a moment ago in the very next page', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const member = await buildSignedInUser(t.db);
      const list = '/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc';
      const before = answersIn((await pageWith('/', member.token, [list])).body)[list];
      const item = before.data[0] as { id: number; userAction: string | null };
      expect(item.userAction).toBeNull();
      // the follow, on the other process: its answer leaves the time of the write, for every path
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${item.id}/action`,
        headers: member.headers,
        payload: { action: 'followed' },
      });
      expect(res.statusCode).toBe(200);
      const written = res.cookies.find((c) => c.name === COOKIE_NAMES.stateWrittenAt);
      expect(written?.path).toBe('/');
      const after = answersIn(
        (
          await pageWith('/', member.token, [list, '/api/legal-changes/followed?page=1&limit=50'], {
            cookie: `${COOKIE_NAMES.session}=${member.token}; ${written!.name}=${written!.value}`,
          })
        ).body,
      );
      expect(after[list].data.find((entry: { id: number }) => entry.id === item.id).userAction).toBe(
        'followed',
      );
      expect(
        after['/api/legal-changes/followed?page=1&limit=50'].data.map((entry: { id: number }) => entry.id),
      ).toContain(item.id);
    } finally {
      await other.close();
    }
  });
});
