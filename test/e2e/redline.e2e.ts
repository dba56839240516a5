/**
 * "Changes to the text" in the browser, at 1280 and 390 px: the redline of the Data Protection
 * Act 2018 s. 45 between the enacted and current versions (recorded documents on the replay
 * server) with inserted words in <ins> and omitted words in <del>, each announced, the notes
 * of the Data (Use and Access) Act 2025, and an effect's link opening its redline.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects } from '#server/db/schema';
import { expectNoAxeViolations, horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';

const SLOW = { timeout: 15_000 };
const S45 = '/ukpga/2018/12/section/45';
const FIXTURES = 'sources/legislation-gov-uk/ukpga-2018-12-section-45';
const FAST = {
  all: { minIntervalMs: 0, timeoutMs: 1500, maxRetries: 1, retryBaseDelayMs: 5, retryMaxDelayMs: 20 },
};

describe('the redline of a provision', () => {
  let server: E2eServer;
  let replay: ReplayServer;
  let browser: Browser;
  let actId: number;
  beforeAll(async () => {
    replay = await startReplayServer();
    replay.loadFixtureMap({
      [`${S45}/data.xml`]: `${FIXTURES}.xml`,
      [`${S45}/enacted/data.xml`]: `${FIXTURES}-enacted.xml`,
      // no version at 2026-06-18 was recorded: the text at 2019-01-01 stands in for it
      [`${S45}/2026-06-18/data.xml`]: `${FIXTURES}-2019-01-01.xml`,
      [`${S45}/2026-06-19/data.xml`]: `${FIXTURES}.xml`,
    });
    server = await startE2eServer({
      env: { LEGISLATION_API_URL: replay.url },
      deps: { syncClientOptions: FAST },
    });
    browser = await launchBrowser();
    const act = await buildLegalChange(server.db, {
      title: 'Data Protection Act 2018',
      source: 'legislation_gov_uk',
      upstreamId: 'ukpga/2018/12',
      legislationType: 'ukpga',
      category: 'primary',
      status: 'enacted',
    });
    actId = act.id;
    await server.db.insert(legalChangeEffects).values({
      legalChangeId: act.id,
      effectId: 'key-e2e-redline',
      type: 'inserted',
      affectedProvisions: 's. 45(2)(ea)',
      affectingTitle: 'Data (Use and Access) Act 2025',
      affectingUri: 'http://www.legislation.gov.uk/id/ukpga/2025/18',
      affectingProvisions: 's. 103(2)',
      applied: true,
      inForceDate: '2026-06-19',
      modifiedAt: new Date(),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await replay?.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the words inserted and omitted, announced, with their notes (${viewport})`, async () => {
      const member = await buildSignedInUser(server.db);
      const { page, problems, context } = await openPage(browser, viewport);
      await context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
      page.setDefaultTimeout(15_000);
      await page.goto(
        `${server.url}/legal-change/${actId}?tab=redline&provision=section%2F45&from=enacted&to=current`,
      );
      const heading = page.getByRole('heading', { level: 3, name: 'Right of access by the data subject' });
      await heading.waitFor(SLOW);
      await page.getByText('8 paragraphs changed.').waitFor(SLOW);
      const inserted = await page.locator('ins').allTextContents();
      expect(inserted).toContain('inserted: (see section 165) (end of insertion)');
      expect(inserted).toContain('inserted: in reliance on subsection (4) (end of insertion)');
      expect(await page.locator('del').allTextContents()).toEqual([
        'omitted: protect national security; (end of omission)',
      ]);
      await page
        .getByText(/^By Data \(Use and Access\) Act 2025, in force /)
        .first()
        .waitFor(SLOW);
      await page
        .getByRole('link', { name: /legislation\.gov\.uk\/ukpga\/2018\/12\/section\/45\/enacted/ })
        .waitFor(SLOW);
      await expectNoAxeViolations(page);
      expect((await horizontalOverflow(page)).px).toBe(0);
      const shot = async (name: string, at: ReturnType<typeof page.locator>) => {
        await at.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await page.screenshot({ path: `/tmp/shots/redlines/redline-${viewport}-${name}.png` });
      };
      await shot('top', page.getByRole('heading', { level: 2, name: 'Changes to the text' }));
      await shot('inserted', page.locator('ins').first());
      await shot('omitted', page.locator('del').first());
      // only the paragraphs that changed, on request
      await page.getByRole('checkbox', { name: 'Show only the paragraphs that changed' }).check();
      await expect.poll(() => page.locator('ol[aria-label="Text of the provision"] > li').count()).toBe(8);
      await shot(
        'changed-only',
        page.getByRole('heading', { level: 3, name: 'Right of access by the data subject' }),
      );
      await shot('sources', page.getByRole('heading', { level: 4, name: 'Where these versions come from' }));

      // an effect in the Effects list opens the redline between the versions around it
      await page.goto(`${server.url}/legal-change/${actId}`);
      await page.getByRole('link', { name: 'See the changes to the text' }).click();
      await page.getByText(/^Comparing In force on .*2026 with In force on .*2026$/).waitFor(SLOW);
      expect(page.url()).toContain('from=2026-06-18&to=2026-06-19');
      await expect
        .poll(() => page.locator('ins').first().textContent(), SLOW)
        .toContain(
          'the existence of the data subject’s right to make a complaint to the controller (see section 164A);',
        );
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
