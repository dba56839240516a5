/**
 * The interface in Arabic (right to left) and Japanese, as a visitor or member whose browser asks
 * for that language: the page is mirrored in Arabic, nothing runs off a phone's screen, the
 * notification panel opens from the left in Arabic, and axe finds nothing on the main screens at
 * both widths. Every screen is also saved as a picture (RTL_SCREENSHOTS=<dir>) to be looked at.
 * The language is chosen as a visitor's browser chooses it (its locale), so these run once the
 * Arabic and Japanese dictionaries are registered for loading (`DICTIONARY_LOADERS`, i18n/index.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  openPage,
  settleAnimations,
  type VIEWPORTS,
} from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildNotification, buildSignedInUser } from '#test/support/factories';

const SHOTS = process.env.RTL_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** A first load builds and caches the screen's chunks: allow it time. */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

type Language = 'ar' | 'ja';
type Viewport = keyof typeof VIEWPORTS;
const LANGUAGES: readonly Language[] = ['ar', 'ja'];
const VIEWPORT_NAMES: readonly Viewport[] = ['desktop', 'phone'];

/** How far the page reaches past the sides of the window, in px (0 when it fits). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The innermost elements that reach past a side of the window, for the failure message. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || (box.left >= -1 && box.right <= width + 1)) return false;
        // clipped by a scrolling or hidden-overflow box: not past the window
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return false;
        return true;
      })
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map(
        (el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').slice(0, 60)}`,
      );
  });

describe('Arabic (right to left) and Japanese', () => {
  let server: E2eServer;
  let browser: Browser;
  let itemId: number;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const item = await buildLegalChange(server.db, {
      title: 'Consumer Credit Reform Bill',
      longTitle: 'A Bill to make provision about consumer credit agreements and their regulation.',
      description: 'Reforms the regulation of consumer credit agreements and the powers of the regulator.',
      currentStage: 'Committee stage',
      currentHouse: 'Commons',
      parliamentarySession: '2026-27',
      officialUrl: 'https://bills.parliament.uk/bills/9999',
      proposedDate: '2026-09-01',
      consultationStartDate: '2026-09-10',
      consultationEndDate: '2026-10-20',
    });
    itemId = item.id;
    for (let n = 1; n <= 6; n += 1) {
      await buildLegalChange(server.db, {
        title: `Data Protection (Amendment No. ${n}) Regulations 2026`,
        description: 'Amends the retention periods of personal data held by public bodies. '.repeat(3),
        category: 'secondary',
        legislationType: 'uksi',
        currentStage: 'Made',
        itemDate: `2026-10-0${n}`,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A browser whose preferred language is `language`, as a visitor or signed in. */
  async function pageIn(language: Language, viewport: Viewport, signedIn: boolean) {
    // signed out, the session check answers 401 (logged by the browser)
    const opened = await openPage(browser, viewport, {
      storageState: { locale: language },
      allow: signedIn ? [] : [/401/],
    });
    opened.page.setDefaultTimeout(15_000);
    if (!signedIn) return opened;
    const member = await buildSignedInUser(server.db, {
      firstName: language === 'ar' ? 'ليلى' : '花子',
      lastName: language === 'ar' ? 'الحسن' : '山田',
      language,
      timezone: language === 'ar' ? 'Asia/Riyadh' : 'Asia/Tokyo',
    });
    await opened.context.addCookies([{ name: member.cookie.name, value: member.token, url: server.url }]);
    for (let n = 1; n <= 3; n += 1) {
      await buildNotification(server, member.user.id, {
        type: 'update',
        title: `Consumer Credit Reform Bill: stage ${n}`,
        message: 'The bill moved to its next stage.',
        legislationId: itemId,
      });
    }
    return { ...opened, member };
  }

  async function inLanguage(page: Page, language: Language) {
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
  }

  async function shot(page: Page, name: string) {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  const screens: {
    name: string;
    path: () => string;
    signedIn: boolean;
    ready: (page: Page, language: Language) => Promise<void>;
  }[] = [
    {
      name: 'landing',
      path: () => '/',
      signedIn: false,
      ready: async (page) => {
        await page.locator('h1').first().waitFor();
      },
    },
    {
      name: 'dashboard',
      path: () => '/',
      signedIn: true,
      ready: async (page) => {
        await eventually(() => page.getByTestId('legislation-item').count()).toBeGreaterThan(0);
      },
    },
    {
      name: 'legal-change',
      path: () => `/legal-changes/${itemId}`,
      signedIn: true,
      ready: async (page, language) => {
        await page.locator('h1').filter({ hasText: 'Consumer Credit Reform Bill' }).waitFor();
        await page.getByRole('tabpanel').waitFor();
        // the analysis tab opens first, written in the reader's language (the recorded title as it is)
        const label = page.getByTestId('generated-from');
        await label.waitFor();
        expect(await label.getAttribute('lang')).toBe(language);
        const script = language === 'ar' ? /[\u0600-\u06ff]/ : /[\u3040-\u30ff\u4e00-\u9fff]/;
        const panel = page.getByRole('tabpanel');
        expect(await label.textContent()).toMatch(script);
        expect(await panel.textContent()).toContain('Consumer Credit Reform Bill');
        expect(await panel.textContent()).not.toContain('is a UK Parliament bill');
      },
    },
    {
      name: 'preferences',
      path: () => '/preferences',
      signedIn: true,
      ready: async (page) => {
        await page.locator('h1').first().waitFor();
        await eventually(() => page.getByRole('switch').count()).toBeGreaterThan(0);
      },
    },
  ];

  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORT_NAMES) {
      it(`${language} at ${viewport === 'desktop' ? 1280 : 390} px: landing, dashboard, a legal change and preferences fit the width with no axe violations`, async () => {
        for (const screen of screens) {
          const { page, context, problems } = await pageIn(language, viewport, screen.signedIn);
          // a visitor's page painted at build time shows first, the screen itself once the session
          // is known; a member's page comes with its session (an early answer)
          const session = screen.signedIn
            ? undefined
            : page.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
          await page.goto(`${server.url}${screen.path()}`);
          await session;
          await inLanguage(page, language);
          await eventually(() => page.locator('div.min-h-dvh[role="status"]').count()).toBe(0);
          await screen.ready(page, language);
          await page.evaluate(() => document.fonts.ready);
          await shot(page, `${language}-${viewport}-${screen.name}`);
          if ((await horizontalOverflow(page)) > 0) expect(await overflowing(page), screen.name).toEqual([]);
          expect(await horizontalOverflow(page), `${screen.name} overflows`).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page);
          expect(problems).toEqual([]);
          await context.close();
        }
      }, 180_000);

      it(`${language} at ${viewport === 'desktop' ? 1280 : 390} px: the notification panel opens from the ${language === 'ar' ? 'left' : 'right'}`, async () => {
        const { page, context, problems } = await pageIn(language, viewport, true);
        await page.goto(server.url);
        await eventually(() => page.getByTestId('legislation-item').count()).toBeGreaterThan(0);
        await inLanguage(page, language);
        const bell = page
          .locator('header button[aria-label]')
          .filter({ has: page.getByTestId('notification-badge') });
        await eventually(() => bell.count()).toBe(1);
        await bell.click();
        const panel = page.getByRole('dialog');
        await eventually(() => panel.locator('[data-notification-id]').count()).toBe(3);
        await settleAnimations(page); // the fade-in
        const box = (await panel.boundingBox())!;
        const width = page.viewportSize()!.width;
        if (language === 'ar') expect(box.x).toBeLessThanOrEqual(1);
        else expect(box.x + box.width).toBeGreaterThanOrEqual(width - 1);
        if (viewport === 'desktop') {
          // a sheet at one side, not the whole width
          expect(box.width).toBeLessThan(width / 2);
        }
        await shot(page, `${language}-${viewport}-notifications`);
        await expectNoAxeViolations(page);
        expect(problems).toEqual([]);
        await context.close();
      }, 60_000);
    }
  }

  it("in Arabic on a phone, the member menu opens under its button at the page's left edge and inside the screen", async () => {
    const { page, context, problems } = await pageIn('ar', 'phone', true);
    await page.goto(server.url);
    await inLanguage(page, 'ar');
    const button = page.locator('header button[aria-haspopup="menu"]');
    await button.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await settleAnimations(page); // the opening animation
    const [buttonBox, menuBox] = [(await button.boundingBox())!, (await menu.boundingBox())!];
    const width = page.viewportSize()!.width;
    // the button sits at the end of the header (the left in Arabic); the menu lines up with it
    expect(buttonBox.x).toBeLessThan(width / 2);
    expect(Math.abs(menuBox.x - buttonBox.x)).toBeLessThanOrEqual(2);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(width);
    await shot(page, 'ar-phone-member-menu');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('in Arabic, a notification is dismissed by a drag to the right (the start of the line), not to the left', async () => {
    const { page, context, problems } = await pageIn('ar', 'desktop', true);
    await page.goto(server.url);
    await inLanguage(page, 'ar');
    const bell = page
      .locator('header button[aria-label]')
      .filter({ has: page.getByTestId('notification-badge') });
    await bell.click();
    const items = page.getByRole('dialog').locator('[data-notification-id]');
    await eventually(() => items.count()).toBe(3);

    const drag = async (by: number) => {
      const box = (await items.first().boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + by / 2, y, { steps: 5 });
      await page.mouse.move(x + by, y, { steps: 5 });
      await page.mouse.up();
    };
    await drag(-120); // towards the end of an Arabic line: nothing happens
    await settleAnimations(page);
    expect(await items.count()).toBe(3);
    await drag(120); // towards its start: dismissed
    await eventually(() => items.count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
