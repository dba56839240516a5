import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES } from '#shared/cookie-names';
import { launchBrowser, openPage, preRecordConsent, settleAnimations } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';

// A signed-out visitor's session check answers 401, and the browser reports a page's own 404: expected.
const EXPECTED = [/401/, /404/];

/** Each public page: its heading and a sentence of its main text, as the HTML must carry them. */
const PAGES = [
  {
    path: '/',
    heading: 'Know about legal change before it affects your business',
    text: 'Start with a 30-day free trial.',
    sections: 0,
  },
  {
    path: '/auth',
    heading: 'Sign in to Lexwatch',
    text: 'Welcome back. Sign in to see what has changed.',
    sections: 0,
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    text: 'These terms govern your use of Lexwatch.',
    sections: 10,
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    text: 'How Lexwatch collects, uses and protects your personal data',
    sections: 11,
  },
  {
    path: '/cookies',
    heading: 'Cookie Policy',
    text: 'The cookies and local-storage keys Lexwatch sets',
    sections: 4,
  },
] as const;

const NOT_FOUND = '404 Page Not Found';

/** The page's text content as the server sent it, tags removed. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");

/** Waits until React has taken over the page's first heading (hydrated or rendered afresh). */
async function waitForReact(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const h1 = document.querySelector('h1');
          return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('public pages rendered at build time', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('send each page with its heading and main text in the HTML, and 404 with the not-found text for unknown paths', async () => {
    for (const { path, heading, text, sections } of PAGES) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // the page's own title, and no 'needs JavaScript' notice where the page reads without it
      expect(html, path).toMatch(/<title>[^<]+ – Lexwatch<\/title>/);
      expect(html.includes('needs JavaScript'), path).toBe(path === '/auth');
      expect(textOf(html)).toContain(text);
      // paints from the rules inlined in <head>: no stylesheet there to wait for (the whole one
      // comes as media="print" until the page's code applies it, or through <noscript>)
      const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      expect(head, path).toMatch(/<style>[^<]*\.container-page\{/);
      expect(head, path).not.toMatch(/<link rel="stylesheet"(?![^>]*media="print")/);
      // section headings are <h2>, numbered (the footer's own headings carry no number)
      expect(html.match(/<h2[^>]*><span[^>]*>\d+(<!-- -->)?\. /g) ?? []).toHaveLength(sections);
    }
    for (const path of ['/no/such/page', '/terms/extra']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(textOf(await response.text())).toContain(NOT_FOUND);
    }
    // a trailing slash is the same page
    expect(textOf(await (await fetch(`${server.url}/terms/`)).text())).toContain('Terms of Service');
  });

  it('leave the page to the client for a member, an address with a query, and member-only screens', async () => {
    const shellOnly = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
    };
    await shellOnly('/', { cookie: `${COOKIE_NAMES.session}=anything` });
    await shellOnly('/terms', { cookie: `${COOKIE_NAMES.session}=anything` });
    await shellOnly('/auth?action=signup');
    await shellOnly('/settings');
  });

  it("list a member's screen chunks in the shell they get, each one a file the server has", async () => {
    const member = { cookie: `${COOKIE_NAMES.session}=anything` };
    for (const [path, chunk] of [
      ['/', /^\/assets\/dashboard-[\w-]+\.js$/],
      ['/legal-changes/1', /^\/assets\/legal-change-[\w-]+\.js$/],
    ] as const) {
      const html = await (await fetch(`${server.url}${path}`, { headers: member })).text();
      const listed = [
        ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
      ].map((m) => m[1]!);
      expect(
        listed.some((href) => chunk.test(href)),
        path,
      ).toBe(true);
      for (const href of listed) expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
    }
    // a visitor's landing page carries none of them
    const landing = await (await fetch(server.url)).text();
    expect(landing).not.toMatch(/assets\/dashboard-/);
  });

  it('read with JavaScript disabled: headings, main text and <h2> sections', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading, text, sections } of PAGES) {
      await page.goto(`${server.url}${path}`);
      if (path === '/terms') expect(await page.title()).toBe('Terms of Service – Lexwatch');
      expect(await page.getByRole('heading', { level: 1, name: heading }).count(), path).toBe(1);
      expect(await page.getByText(text).first().isVisible(), path).toBe(true);
      if (sections > 0) {
        expect(await page.locator('main article').getByRole('heading', { level: 2 }).count(), path).toBe(
          sections,
        );
      }
    }
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1, name: NOT_FOUND }).count()).toBe(1);
    await context.close();
  });

  it('hydrate in place: the HTML already shown is kept, with no console errors', async () => {
    for (const path of [
      ...PAGES.map((p) => p.path),
      '/auth?action=signin',
      '/reset-password?token=from-the-email',
      '/no/such/page',
    ]) {
      const { page, problems, context } = await openPage(browser, 'phone', { allow: EXPECTED });
      // hold the client's code back until the page's own HTML has been marked
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      await page.waitForSelector('h1');
      await page.evaluate(() => {
        (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer = true;
      });
      release();
      await waitForReact(page);
      const kept = await page.evaluate(
        () => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer === true,
      );
      expect(kept, path).toBe(true);
      await settleAnimations(page);
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });

  it('hydrate /cookies for a visitor who has chosen, then show that choice', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: EXPECTED });
    await preRecordConsent(context);
    await page.goto(`${server.url}/cookies`);
    await waitForReact(page);
    await expect
      .poll(() => page.getByTestId('cookie-preferences').textContent(), { timeout: 15_000 })
      .toMatch(/Your current choice was saved on/);
    expect(await page.getByRole('switch', { name: /analytics/i }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
