import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MEMBER_ROUTES_MODULE,
  MEMBER_SCREEN_MODULES,
  memberShells,
  screenFiles,
  withPreloads,
} from '#server/plugins/member-preloads';
import { MEMBER_ONLY_PATHS } from '#shared/member-paths';

describe("member screens' preloads", () => {
  it('names a screen module for the home page and every member path, each a real route file', () => {
    const samples = ['/', ...MEMBER_ONLY_PATHS.map((path) => path.replace(':id', '42'))];
    for (const path of samples) {
      const found = MEMBER_SCREEN_MODULES.find(([pattern]) => pattern.test(path));
      expect(found, path).toBeDefined();
      expect(existsSync(`src/client/${found![1]}`), found![1]).toBe(true);
    }
  });

  it('lists a module and its static imports once, less the entry and what it imports', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js' },
      '_c.js': { file: 'assets/c.js', imports: ['_b.js', '_d.js'] },
      '_d.js': { file: 'assets/d.js', imports: ['_c.js'] },
      'screen.tsx': { file: 'assets/screen.js', imports: ['_a.js', '_c.js', '_d.js'] },
    };
    expect(screenFiles(manifest, 'screen.tsx')).toEqual(['assets/screen.js', 'assets/c.js', 'assets/d.js']);
    expect(screenFiles(manifest, 'missing.tsx')).toEqual([]);
    expect(withPreloads('<head></head>', ['assets/x.js'])).toBe(
      '<head><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/x.js"></head>',
    );
    expect(withPreloads('<body></body>', ['assets/x.js'])).toBe('<body></body>');
  });

  it("lists the members' routes chunk with every member screen's, once each", () => {
    const root = mkdtempSync(join(tmpdir(), 'member-shells-'));
    mkdirSync(join(root, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_shared.js': { file: 'assets/shared.js' },
      [MEMBER_ROUTES_MODULE]: { file: 'assets/member-routes.js', imports: ['_vendor.js', '_shared.js'] },
      'app/routes/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_shared.js'] },
    };
    writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const html = memberShells(root, '<head></head>').shell('/');
    const preloaded = [...html.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['assets/member-routes.js', 'assets/shared.js', 'assets/dashboard.js']);
  });
});
