import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

/** A client build in the shape the bundler writes: index.html, hashed chunks and the manifest. */
function writeClientBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'lexwatch-client-'));
  mkdirSync(join(root, '.vite'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" crossorigin src="/assets/index-E1.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js', '_vendor-V1.js'] },
    '_react-R1.js': { file: 'assets/react-R1.js' },
    '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
    '_public-page-P1.js': { file: 'assets/public-page-P1.js', imports: ['_react-R1.js'] },
    '_member-shell-M1.js': { file: 'assets/member-shell-M1.js', imports: ['_react-R1.js', '_vendor-V1.js'], css: ['assets/shell-M1.css'] },
    'app/routes/landing.tsx': { file: 'assets/landing-L1.js', isDynamicEntry: true, imports: ['index.html', '_public-page-P1.js', '_react-R1.js'] },
    'app/routes/dashboard.tsx': { file: 'assets/dashboard-D1.js', isDynamicEntry: true, imports: ['index.html', '_member-shell-M1.js'] },
    'app/routes/legal-change.tsx': { file: 'assets/legal-change-C1.js', isDynamicEntry: true, imports: ['_member-shell-M1.js'] },
    'app/routes/auth.tsx': { file: 'assets/auth-A1.js', isDynamicEntry: true, imports: ['_public-page-P1.js'] },
  };
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe.skipIf(postgresUnavailable())('the client pages', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeClientBuild();
    t = await buildTestApp({ deps: { clientRoot: root } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("names the landing page's chunks, beyond the entry's, for a signed-out visitor to /", async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie');
    expect(preloads(res.body)).toEqual(['/assets/landing-L1.js', '/assets/public-page-P1.js']);
    // the links sit in <head>, before the page's own script runs
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('names the dashboard\'s chunks for / when a session cookie comes with the request', async () => {
    const member = await buildSignedInUser(t.db);
    const res = await page('/', `lw_session=${member.token}`);
    expect(preloads(res.body)).toEqual(['/assets/dashboard-D1.js', '/assets/member-shell-M1.js']);
  });

  it('names the chunks of the route a deep link opens, and none for a route without its own', async () => {
    expect(preloads((await page('/auth?action=signin')).body)).toEqual(['/assets/auth-A1.js', '/assets/public-page-P1.js']);
    expect(preloads((await page('/legal-change/42?tab=timeline')).body)).toEqual(['/assets/legal-change-C1.js', '/assets/member-shell-M1.js']);
    // a route the manifest does not have, and an unknown path, get the plain page
    const plain = await page('/no-such-page');
    expect(plain.statusCode).toBe(200);
    expect(preloads(plain.body)).toEqual([]);
    expect(preloads((await page('/preferences')).body)).toEqual([]);
  });

  it('still answers unknown API paths and missing files with a JSON 404', async () => {
    const api = await page('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await page('/assets/missing-X1.js')).statusCode).toBe(404);
  });
});
