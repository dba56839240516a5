import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Records in every page of the context, before its scripts run, the choice 'Accept All Cookies'
 * records (unless the page already holds one), so the cookie banner stays away from tests about
 * other things.
 */
export async function preRecordConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript((version: string) => {
    try {
      if (localStorage.getItem('cookie-consent-given')) return;
      const consent = { necessary: true, analytics: true, functional: true, marketing: true };
      const record = { ...consent, consentDate: new Date().toISOString(), policyVersion: version };
      localStorage.setItem('cookie-preferences', JSON.stringify(record));
      localStorage.setItem('cookie-consent-given', version);
    } catch {
      // a page without storage (about:blank): nothing to record
    }
  }, COOKIE_POLICY_VERSION);
}

/**
 * A page that fails the test on any console error or uncaught exception, except for
 * messages the test says it expects. Cookie consent is recorded beforehand unless
 * `cookieConsent: false` (for tests of the banner itself). The service worker is blocked (so
 * `page.route` sees every request the page makes) unless `serviceWorkers: 'allow'`.
 */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS,
  opts: {
    allow?: RegExp[];
    storageState?: Parameters<Browser['newContext']>[0];
    cookieConsent?: boolean;
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    serviceWorkers: opts.serviceWorkers ?? 'block',
    ...opts.storageState,
  });
  if (opts.cookieConsent !== false) await preRecordConsent(context);
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed = (text: string) => (opts.allow ?? []).some((r) => r.test(text));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/**
 * Waits until the page has drawn what it was last asked to (two animation frames: input handled and
 * rendered) and every finite animation and transition in it has ended (a toast fading in or out is
 * drawn half transparent, and its text's contrast can only be judged at rest).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((drawn) => requestAnimationFrame(drawn));
    for (let round = 0; round < 5; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        );
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

type AxeViolation = { id: string; help: string; nodes: { target: string; summary: string }[] };

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: any[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n: any) => ({
        target: n.target.join(' '),
        summary: String(n.failureSummary ?? '').slice(0, 300),
      })),
    }));
  });
}

/**
 * Runs axe-core in the page (WCAG 2.0/2.1/2.2 A and AA) once its animations have ended, and
 * expects no violations. A finding is checked once more after the page settles again: a toast
 * that starts closing while axe runs is not a defect of the page, while a real violation is found
 * both times and reported with what failed.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // evaluated through the DevTools protocol: the page's strict CSP forbids inline scripts
  await page.evaluate(AXE_SOURCE);
  let violations = await axeViolations(page);
  if (violations.length > 0) violations = await axeViolations(page);
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} at ${n.target}: ${n.summary.replace(/\s+/g, ' ')}`),
  );
  expect(found, `axe found: ${found.join(' | ')}`).toEqual([]);
}

/**
 * How far the page is wider than the window (0 when it fits), and the first few innermost elements
 * past its right edge, to say what is too wide.
 */
export async function horizontalOverflow(page: Page): Promise<{ px: number; culprits: string[] }> {
  return page.evaluate(() => {
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => past(el) && ![...el.children].some(past))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return { px: document.documentElement.scrollWidth - window.innerWidth, culprits };
  });
}

/**
 * Moves the clock of a page (installed with `page.clock.install()` before it loaded) on by `ms`,
 * running every timer due by then, and waits until the page has drawn what they started.
 */
export async function runClock(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await settleAnimations(page);
}
