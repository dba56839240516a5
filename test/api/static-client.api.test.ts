/** The HTML sent for the browser routes: pages rendered at build time, the shell, and a member's chunks. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES } from '#shared/cookie-names';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '#shared/prerendered-pages';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { clientBuild, pageHtml, SHELL_WITH_HEAD } from './static-client-setup';

const SHELL = '<html><body><div id="root"></div></body></html>';
/** Which HTML the server sent: the name of the page rendered at build time, or 'shell'. */
const sent = (body: string) =>
  /data-prerendered="(\w+)"/.exec(body)?.[1] ?? (body === SHELL ? 'shell' : body);

describe('HTML for the browser routes (a client build with pages rendered at build time)', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'lexwatch-client-'));
    writeFileSync(join(root, 'index.html'), SHELL);
    mkdirSync(join(root, PRERENDERED_DIR));
    for (const name of Object.keys(PRERENDERED_PAGES)) {
      writeFileSync(join(root, PRERENDERED_DIR, `${name}.html`), pageHtml(name));
    }
    t = await buildTestApp({ deps: { clientRoot: root } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends each public page as rendered, with 200 and no-cache', async () => {
    for (const [path, name] of [
      ['/', 'landing'],
      ['/auth', 'auth'],
      ['/terms', 'terms'],
      ['/terms/', 'terms'],
      ['/privacy', 'privacy'],
      ['/cookies', 'cookies'],
      // addresses the page shows as rendered: sign-in (with where to go next), a reset link
      ['/auth?action=signin', 'auth'],
      ['/auth?action=signin&redirect=%2Fsettings', 'auth'],
      ['/reset-password?token=abc123', 'resetPassword'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(sent(res.body), path).toBe(name);
    }
  });

  it('sends the not-found page with 404 for a path that is no page', async () => {
    for (const path of ['/no/such/page', '/terms/more', '/404']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(sent(res.body), path).toBe('notFound');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/nothing-here' });
    expect(head.statusCode).toBe(404);
  });

  it('leaves the page to the client for a member, an address with a query, and the other screens', async () => {
    const member = { cookie: `${COOKIE_NAMES.session}=token` };
    expect(sent((await get('/', member)).body)).toBe('shell');
    expect(sent((await get('/privacy', member)).body)).toBe('shell');
    expect(sent((await get('/auth?action=signup')).body)).toBe('shell');
    expect(sent((await get('/?redirect=%2Fsettings')).body)).toBe('shell');
    expect(sent((await get('/auth?action=signin&view=forgot')).body)).toBe('shell');
    expect(sent((await get('/reset-password?token=abc&x=1')).body)).toBe('shell');
    expect(sent((await get('/reset-password?token=abc', member)).body)).toBe('shell');
    for (const path of ['/settings', '/reset-password', '/legal-change/12']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(sent(res.body), path).toBe('shell');
    }
    // a member on an unknown path: still a real not-found
    expect((await get('/no/such/page', member)).statusCode).toBe(404);
  });

  it('still answers unknown API paths and missing files with JSON 404s', async () => {
    const api = await get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const file = await get('/missing.png');
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('not_found');
    const script = await get('/assets/missing.js', { accept: '*/*' });
    expect(script.json().error.code).toBe('not_found');
    // a browser asking for an API path still gets JSON
    const apiInBrowser = await get('/api/no-such-thing', { accept: 'text/html' });
    expect(apiInBrowser.json().error.code).toBe('not_found');
  });

  it('sends the not-found page with 404 when a browser opens a path with a dot that is no file', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const path of ['/legal-change/1.5', '/notes.txt', '/terms.html']) {
      const res = await get(path, { accept });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(sent(res.body), path).toBe('notFound');
    }
  });
});

describe('HTML for the browser routes (a client build without pages rendered at build time)', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'lexwatch-client-'));
    writeFileSync(join(root, 'index.html'), SHELL);
    t = await buildTestApp({ deps: { clientRoot: root } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the client shell, 200 for pages and 404 for unknown paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(SHELL);
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(SHELL);
  });
});

describe("a member's shell lists the chunks of the screen they open (a build with its manifest)", () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_dialog.js': { file: 'assets/dialog.js', imports: ['_react.js'] },
    'app/routes/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_react.js', '_dialog.js'] },
    'app/routes/legal-change.tsx': { file: 'assets/legal-change.js', imports: ['_react.js'] },
  };
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = clientBuild(manifest, ['landing']);
    t = await buildTestApp({ deps: { clientRoot: root } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
  const asMember = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: `${COOKIE_NAMES.session}=token` } });

  it("preloads the dashboard's chunks for a member at /, less what the entry loads", async () => {
    const res = await asMember('/');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/dashboard.js', '/assets/dialog.js']);
    // in the head, before the page's body
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it("preloads a legal change's screen on its page, and nothing where the manifest names no screen", async () => {
    expect(preloads((await asMember('/legal-changes/42')).body)).toEqual(['/assets/legal-change.js']);
    expect(preloads((await asMember('/legal-change/42')).body)).toEqual(['/assets/legal-change.js']);
    // a screen the manifest does not hold, and a screen with no entry in the table
    expect((await asMember('/settings')).body).toBe(SHELL_WITH_HEAD);
    expect((await asMember('/terms')).body).toBe(SHELL_WITH_HEAD);
  });

  it('sends a visitor the page rendered at build time, with no member chunks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(sent(res.body)).toBe('landing');
    expect(preloads(res.body)).toEqual([]);
  });
});
