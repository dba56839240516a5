import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

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
 * A page that fails the test on any console error or uncaught exception, except for
 * messages the test says it expects.
 */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS,
  opts: { allow?: RegExp[]; storageState?: Parameters<Browser['newContext']>[0] } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], ...opts.storageState });
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed = (text: string) => (opts.allow ?? []).some((r) => r.test(text));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/** Runs axe-core in the page (WCAG 2.0/2.1/2.2 A and AA) and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // evaluated through the DevTools protocol: the page's strict CSP forbids inline scripts
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: any[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 5),
    }));
  });
  expect(violations).toEqual([]);
}
