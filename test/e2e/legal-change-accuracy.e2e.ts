/**
 * What the legal change page says about the law is the source's: an instrument's source, its
 * dates named by what happened on them, no bill wording; and the sources' words in the member's
 * language, with English fragments isolated inside Arabic.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects, timelineEvents } from '#server/db/schema';
import { launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const INSTRUMENT = 'The Example Water (Charges) Regulations 2025';
const BILL = 'Example Water Bill';
const ACT = 'Data Protection Act 2018';
const COMMENCING = 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019';

describe('legal change page: the source’s facts in the member’s words', () => {
  let server: E2eServer;
  let browser: Browser;
  let instrumentId: number;
  let billId: number;
  let actId: number;
  const tokens: Record<'en' | 'de' | 'ar', string> = { en: '', de: '', ar: '' };

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const instrument = await buildLegalChange(server.db, {
      source: 'legislation_gov_uk',
      title: INSTRUMENT,
      longTitle: null,
      description: null,
      category: 'secondary',
      legislationType: 'uksi',
      status: 'enacted',
      currentStage: null,
      currentHouse: null,
      madeDate: '2025-06-02',
      dateLaid: '2025-06-04',
      effectiveDate: '2025-07-01',
      itemDate: '2025-06-02',
      itemDateKind: 'made',
      officialUrl: 'https://www.legislation.gov.uk/uksi/2025/700/made',
    });
    instrumentId = instrument.id;
    const event = (upstreamId: string, title: string, eventDate: string, eventType: string) => ({
      legalChangeId: instrument.id,
      upstreamId,
      title,
      eventDate,
      eventType,
      sourceUrl: instrument.officialUrl,
      sourceName: 'legislation.gov.uk',
    });
    await server.db
      .insert(timelineEvents)
      .values([
        event('made', 'Made', '2025-06-02', 'enacted'),
        event('laid', 'Laid before the House of Commons', '2025-06-04', 'other'),
        event('cif', 'Comes into force', '2025-07-01', 'effective'),
      ]);
    billId = (
      await buildLegalChange(server.db, {
        title: BILL,
        currentStage: 'Royal Assent',
        currentStageDate: '2025-11-20',
        itemDate: '2025-11-20',
        itemDateKind: 'royal_assent',
      })
    ).id;
    await server.db.insert(timelineEvents).values({
      legalChangeId: billId,
      upstreamId: 'ra',
      title: 'Royal Assent',
      eventDate: '2025-11-20',
      eventType: 'enacted',
    });
    const act = await buildLegalChange(server.db, {
      source: 'legislation_gov_uk',
      upstreamId: 'ukpga/2018/12',
      title: ACT,
      category: 'primary',
      legislationType: 'ukpga',
      status: 'enacted',
      currentStage: null,
      currentHouse: null,
      legislationYear: 2018,
      legislationNumber: '12',
      enactmentDate: '2018-05-23',
      itemDate: '2018-05-23',
      itemDateKind: 'royal_assent',
      lastUpdatedDate: new Date('2026-09-25T14:19:14Z'),
      officialUrl: 'https://www.legislation.gov.uk/ukpga/2018/12',
    });
    actId = act.id;
    // what regulation 2 of S.I. 2019/1434 does: two provisions in force on 2 December 2019
    await server.db.insert(legalChangeEffects).values(
      ['Sch. 19 para. 211', 'Sch. 19 para. 227'].map((provision, i) => ({
        legalChangeId: act.id,
        effectId: `key-cif-${i}`,
        type: 'coming into force',
        affectedProvisions: provision,
        affectingUri: 'http://www.legislation.gov.uk/id/uksi/2019/1434',
        affectingTitle: COMMENCING,
        affectingProvisions: `reg. 2(${i === 0 ? 'a' : 'b'})`,
        applied: true,
        inForceDate: '2019-12-02',
      })),
    );
    for (const language of ['en', 'de', 'ar'] as const)
      tokens[language] = (await buildSignedInUser(server.db, { language })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(language: 'en' | 'de' | 'ar', viewport: 'desktop' | 'phone', path: string) {
    // the AI overview and news have no provider here: their failures are not what this checks
    const opened = await openPage(browser, viewport, { allow: [/status of [45]\d\d/] });
    await opened.context.addInitScript((code) => localStorage.setItem('language', code), language);
    await opened.context.addCookies([{ name: 'lw_session', value: tokens[language], url: server.url }]);
    await opened.page.goto(`${server.url}${path}`);
    return opened;
  }

  it('names an instrument’s source and dates, each once, with no bill wording', async () => {
    const { page, problems, context } = await open('en', 'desktop', `/legal-change/${instrumentId}`);
    await until(() => page.getByRole('heading', { level: 1, name: INSTRUMENT }).count()).toBe(1);
    const link = page.getByRole('link', { name: /View on .?legislation\.gov\.uk/ });
    await until(() => link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe('https://www.legislation.gov.uk/uksi/2025/700/made');
    await until(() => page.getByTestId('item-date').first().innerText()).toBe('Made: Jun 2, 2025');
    await until(() => page.getByRole('heading', { name: 'Latest dates' }).count()).toBe(1);
    const labels = await page.locator('main dl dt').allInnerTexts();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels).size).toBe(labels.length);

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await until(() => page.getByRole('heading', { name: 'Making and laying' }).count()).toBe(1);
    const history = page.locator('ol').last();
    await until(() => history.locator('li').count()).toBe(3);
    const text = await history.innerText();
    expect(text).toMatch(/Laid before the House of Commons[\s\S]*Jun 4, 2025/);
    expect(text).toMatch(/Comes into force[\s\S]*Jul 1, 2025/);
    // an instrument's dates belong to no House's stages
    expect(text).not.toMatch(/Final stages/i);

    await page.getByRole('tab', { name: 'Amendments' }).click();
    await until(() => page.getByText(/Amendments are changes proposed to a bill/).count()).toBe(1);
    const main = await page.locator('main').innerText();
    expect(main).not.toMatch(/UK Parliament|Parliamentary journey|Bill overview|this bill|News & Updates/i);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names the instruments that commenced an Act, and whose time “last updated” is', async () => {
    const { page, problems, context } = await open('en', 'phone', `/legal-change/${actId}`);
    await until(() => page.getByRole('heading', { level: 1, name: ACT }).count()).toBe(1);
    const commencement = page
      .locator('main dl div')
      .filter({ has: page.locator('dt', { hasText: /^Commencement$/i }) });
    await until(() => commencement.count()).toBe(1);
    const instrument = commencement.getByRole('link', {
      name: new RegExp(COMMENCING.replace(/[()]/g, '\\$&')),
    });
    expect(await instrument.getAttribute('href')).toBe('https://www.legislation.gov.uk/uksi/2019/1434');
    expect(await commencement.innerText()).toMatch(/In force Dec 2, 2019/);
    const updated = page
      .locator('main dl div')
      .filter({ has: page.locator('dt', { hasText: /^Last updated$/i }) });
    expect(await updated.innerText()).toMatch(/Sep 25, 2026.*, per \u2068?legislation\.gov\.uk/s);
    expect(await page.locator('main dl').first().innerText()).not.toMatch(/Made|Laid/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows stage, type and jurisdiction names in German', async () => {
    const { page, problems, context } = await open('de', 'phone', `/legal-change/${billId}?tab=timeline`);
    await until(() => page.getByTestId('item-date').first().innerText()).toMatch(/^Königliche Zustimmung: /);
    expect(await page.getByTestId('item-type').innerText()).toBe('Gesetzentwürfe des britischen Parlaments');
    await until(() => page.getByRole('heading', { name: 'Parlamentarischer Verlauf' }).count()).toBe(1);
    const timeline = page.getByRole('tabpanel');
    await until(() =>
      timeline.getByRole('heading', { level: 3, name: 'Königliche Zustimmung' }).count(),
    ).toBe(1);
    expect(await timeline.innerText()).toMatch(/Vereinigtes Königreich/);
    expect(await timeline.innerText()).not.toMatch(/Royal Assent|United Kingdom|Final stages/);

    const stage = page
      .locator('main dl div')
      .filter({ has: page.locator('dt', { hasText: /^Aktuelle Phase$/i }) });
    await until(() => stage.innerText()).toMatch(/Königliche Zustimmung/);

    await page.goto(`${server.url}/`);
    const row = page.getByTestId('legislation-item').filter({ hasText: BILL });
    await until(() => row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/Königliche Zustimmung: 20/);
    expect(await row.innerText()).toMatch(/Gesetzentwürfe des britischen Parlaments/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps an English source name whole inside Arabic text', async () => {
    const { page, problems, context } = await open('ar', 'phone', `/legal-change/${instrumentId}`);
    const link = page.getByRole('link', { name: /legislation\.gov\.uk/ });
    await until(() => link.count()).toBe(1);
    // first strong isolate … pop directional isolate: the name's full stops stay inside it
    expect(await link.innerText()).toContain('\u2068legislation.gov.uk\u2069');
    expect(await page.getByTestId('item-date').first().innerText()).toMatch(/^صدر: /);
    // a citation keeps its own order inside Arabic: isolated, not reordered to 'c. 12 2018'
    await page.goto(`${server.url}/legal-change/${actId}`);
    await until(() => page.locator('main dl bdi', { hasText: /^2018 c\. 12$/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
