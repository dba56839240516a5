/**
 * Beyond the spec in the browser: a member copies their private calendar address, regenerates
 * it (the old one stops working), and reads the changes recorded on an Act they follow.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects, userActions } from '#server/db/schema';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const SLOW = { timeout: 15_000 };
/** the addresses name the configured APP_URL; this server listens on its own port */
const onServer = (server: E2eServer, url: string) => `${server.url}${new URL(url).pathname}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('calendar, feeds and changes to law in force', () => {
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
    it(`shows the feed addresses, revokes them, and lists an Act's recorded changes (${viewport})`, async () => {
      const member = await buildSignedInUser(server.db, { firstName: 'Grace' });
      const act = await buildLegalChange(server.db, {
        title: `Harbours Act ${viewport}`,
        source: 'legislation_gov_uk',
        legislationType: 'ukpga',
        category: 'primary',
        status: 'enacted',
        effectiveDate: inDays(30),
      });
      await server.db
        .insert(userActions)
        .values({ userId: member.user.id, legalChangeId: act.id, action: 'followed' });
      await server.db.insert(legalChangeEffects).values({
        legalChangeId: act.id,
        effectId: `key-e2e-${viewport}`,
        type: 'words substituted',
        affectedProvisions: 's. 12(3)',
        affectingTitle: 'The Harbours (Amendment) Regulations 2026',
        affectingUri: 'http://www.legislation.gov.uk/id/uksi/2026/1234',
        affectingProvisions: 'reg. 2',
        applied: false,
        inForceDate: inDays(45),
        modifiedAt: new Date(),
      });
      const { page, problems, context } = await openPage(browser, viewport);
      await context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
      page.setDefaultTimeout(15_000);

      await page.goto(`${server.url}/preferences`);
      await page.getByRole('heading', { level: 2, name: 'Calendar and feeds' }).waitFor(SLOW);
      const calendar = page.getByRole('textbox', { name: 'Calendar (iCalendar)' });
      await expect.poll(() => calendar.inputValue(), SLOW).toMatch(/\/calendar\.ics$/);
      const before = await calendar.inputValue();
      const ics = await page.request.get(onServer(server, before));
      expect(ics.status()).toBe(200);
      expect(await ics.text()).toContain(`SUMMARY:Comes into force: Harbours Act ${viewport}`);
      await expectNoAxeViolations(page);
      await page.getByRole('heading', { level: 2, name: 'Calendar and feeds' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/feeds-${viewport}.png` });

      await page.getByRole('button', { name: 'Make new addresses' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Make new addresses' }).click();
      await expect.poll(() => calendar.inputValue(), SLOW).not.toBe(before);
      expect((await page.request.get(onServer(server, before))).status()).toBe(404);
      expect((await page.request.get(onServer(server, await calendar.inputValue()))).status()).toBe(200);

      await page.goto(`${server.url}/legal-change/${act.id}`);
      const card = page.getByRole('heading', { level: 2, name: 'Changes to this law' });
      await card.waitFor(SLOW);
      await page.getByText('s. 12(3): words substituted').waitFor(SLOW);
      await page.getByRole('link', { name: /The Harbours \(Amendment\) Regulations 2026/ }).waitFor(SLOW);
      await page.getByText('Not yet applied').waitFor(SLOW);
      await expectNoAxeViolations(page);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/effects-${viewport}.png` });
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
