import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '#shared/retention';
import { MINIMUM_TERM_MONTHS, PLANS } from '#shared/tiers';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';

// a signed-out visitor's session check answers 401: expected
const SIGNED_OUT = [/401/];
const pounds = (pence: number) => `£${pence / 100}`;

const POLICIES = [
  { path: '/terms', title: 'Terms of Service', sections: 10 },
  { path: '/privacy', title: 'Privacy Policy', sections: 11 },
  { path: '/cookies', title: 'Cookie Policy', sections: 4 },
] as const;

async function sectionHeadings(page: Page) {
  return page.locator('main article').getByRole('heading', { level: 2 }).allTextContents();
}

describe('policy pages', () => {
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

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`show numbered <h2> sections with a table of contents and no accessibility violations (${viewport})`, async () => {
      const { page, problems, context } = await openPage(browser, viewport, { allow: SIGNED_OUT });
      for (const policy of POLICIES) {
        await page.goto(`${server.url}${policy.path}`);
        await page.getByRole('heading', { level: 1, name: policy.title }).waitFor();
        const headings = await sectionHeadings(page);
        expect(headings).toHaveLength(policy.sections);
        headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)));

        // every entry of the contents links to its section's anchor
        const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
        expect(await contents.count()).toBe(policy.sections);
        for (let i = 0; i < policy.sections; i++) {
          const href = (await contents.nth(i).getAttribute('href'))!;
          expect(href).toMatch(/^#[a-z-]+$/);
          expect(await page.locator(href).textContent()).toBe(headings[i]);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await page.title()).toContain(policy.title);
        await expectNoAxeViolations(page);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('quotes the plans, minimum term and refund rules from the plan definitions', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: SIGNED_OUT });
    await page.goto(`${server.url}/terms`);
    const plans = page.locator('#plans-and-payment-title + div');
    await plans.waitFor();
    const text = (await plans.textContent())!;
    for (const price of [
      PLANS.trial.monthlyPrice,
      PLANS.basic.monthlyPrice,
      PLANS.basic.yearlyPrice!,
      PLANS.premium.monthlyPrice,
      PLANS.premium.yearlyPrice!,
    ])
      expect(text).toContain(pounds(price));
    expect(text).toContain(`${PLANS.trial.trialDays} days`);
    expect(text).toContain(`minimum term of ${MINIMUM_TERM_MONTHS} months`);
    expect(text).toMatch(/renews automatically/);
    expect(text).toMatch(/end of the period/);
    expect(text).toMatch(/do not refund partial months/);
    const advice = (await page.locator('#data-sources-no-advice-title + div').textContent())!;
    expect(advice).toMatch(/not legal advice/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('states the retention periods and how to use each GDPR right', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: SIGNED_OUT });
    await page.goto(`${server.url}/privacy`);
    const retention = page.locator('#retention-title + div');
    await retention.waitFor();
    const kept = (await retention.textContent())!;
    expect(kept).toContain(
      `${RETENTION.afterCancellationDays} days after your paid plan is cancelled or your trial expires`,
    );
    expect(kept).toContain(`Payment records: ${RETENTION.paymentRecordsYears} years`);
    expect(kept).toContain(`Analytics data: ${RETENTION.analyticsMonths} months`);
    expect(kept).toContain(`${RETENTION.communicationRecordsYears} years`);
    const rights = (await page.locator('#rights-title + div').textContent())!;
    for (const right of ['Access', 'Rectification', 'Erasure', 'Restriction', 'Portability', 'Objection'])
      expect(rights).toContain(`${right}:`);
    expect(
      await page
        .locator('#rights-title + div')
        .getByRole('link', { name: 'Settings' })
        .first()
        .getAttribute('href'),
    ).toBe('/settings');
    const processors = (await page.locator('#processors-title + div').textContent())!;
    for (const processor of ['email delivery', 'SMS provider', 'card payment provider', 'AI provider'])
      expect(processors).toContain(processor);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('brings the section of an address with an anchor into view', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', { allow: SIGNED_OUT });
    await page.goto(`${server.url}/terms#liability`);
    const heading = page.getByRole('heading', { level: 2, name: /Our liability/ });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(300);
    expect(problems).toEqual([]);
    await context.close();
  });
});
