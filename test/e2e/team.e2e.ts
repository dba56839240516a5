/**
 * A compliance team in the browser: a Premium member creates an organisation and invites a
 * colleague; the colleague follows the link in the invitation email (read from the outbox),
 * accepts, and assesses an item on the team watchlist (status, owner, due date) and comments on
 * it with an @mention; the team view lists it under 'Assigned to me'. No axe violations at 1280
 * and 390 px.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema';
import { expectNoAxeViolations, horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const SLOW = { timeout: 15_000 };

describe('compliance team: invite, accept, assess and discuss', () => {
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

  async function signedIn(viewport: 'desktop' | 'phone', token: string, allow: RegExp[] = []) {
    const opened = await openPage(browser, viewport, { allow });
    await opened.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }

  const fitsTheWidth = async (page: Page) => expect((await horizontalOverflow(page)).px).toBe(0);

  it('runs from the invitation email to an assessed, discussed item in the team view', async () => {
    const stamp = Date.now();
    const owner = await buildSignedInUser(server.db, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace-${stamp}@example.test`,
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
    });
    const colleagueEmail = `ada-${stamp}@example.test`;
    const item = await buildLegalChange(server.db, { title: `Harbour Safety Bill ${stamp}` });

    // 1. the owner creates the organisation and invites a colleague as a member
    // /team asks for the member's organisation: none yet, which the API answers with a 404
    const ownerTab = await signedIn('desktop', owner.token, [/status of 404/]);
    const { page } = ownerTab;
    await page.goto(`${server.url}/team`);
    await page.getByRole('heading', { name: 'Create your organisation' }).waitFor(SLOW);
    await page.getByLabel('Organisation name').fill('Harbour Compliance');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.getByRole('heading', { name: 'Invite a colleague' }).waitFor(SLOW);
    await expect.poll(() => page.getByText('1 of 5 seats used').count()).toBe(1);
    await page.getByLabel('Email address').fill(colleagueEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${colleagueEmail}` })
      .waitFor(SLOW);
    await expectNoAxeViolations(page);

    // the owner puts the item on the team watchlist from its page
    await page.goto(`${server.url}/legal-change/${item.id}`);
    await page.getByRole('button', { name: 'Add to team watchlist' }).click(SLOW);
    await page.getByRole('button', { name: 'Remove from team watchlist' }).waitFor(SLOW);
    expect(ownerTab.problems).toEqual([]);

    // 2. the invitation email holds the link to the accept page
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, colleagueEmail), eq(outbox.kind, 'team_invite')));
    expect(mail?.subject).toContain('Harbour Compliance');
    const link = /https?:\/\/\S+?(\/team\/join\?token=[\w%-]+)/.exec(mail!.bodyText)?.[1];
    expect(link).toBeDefined();

    // 3. the colleague (no paid plan) opens it on a phone and accepts
    const colleague = await buildSignedInUser(server.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: colleagueEmail,
    });
    const phone = await signedIn('phone', colleague.token);
    const p = phone.page;
    await p.goto(`${server.url}${link}`);
    await p.getByRole('button', { name: 'Accept invitation' }).click(SLOW);
    // (the accept page shows no one's organisation before accepting)
    await p.getByRole('heading', { name: 'You joined the organisation.' }).waitFor(SLOW);
    await expectNoAxeViolations(p);
    await fitsTheWidth(p);

    // 4. the colleague assesses the item: status, owner (themself) and due date
    await p.goto(`${server.url}/legal-change/${item.id}`);
    await p.getByRole('heading', { name: 'Team assessment' }).waitFor(SLOW);
    await p.getByLabel('Status').selectOption('action_required');
    await p.getByLabel('Owner').selectOption({ label: 'Ada Lovelace' });
    await p.getByLabel('Due date').fill('2027-01-15');
    await p.getByLabel('Impact note').fill('Our harbour procedures need a new risk assessment.');
    await p.getByRole('button', { name: 'Save assessment' }).click();
    const history = p.getByRole('region', { name: 'History' });
    await history.getByText('Status: New to Action required').waitFor(SLOW);
    await expect.poll(() => history.getByText('Owner: none to Ada Lovelace').count()).toBe(1);

    // and comments, mentioning the owner through the @ suggestions
    const box = p.getByRole('combobox', { name: 'Add a comment' });
    await box.fill('Can you check the budget? @gra');
    await p.getByRole('option', { name: owner.user.email }).click();
    await expect.poll(() => box.inputValue()).toBe(`Can you check the budget? @${owner.user.email} `);
    await p.getByRole('button', { name: 'Post comment' }).click();
    const thread = p.getByRole('region', { name: 'Comments' }).getByRole('listitem');
    await thread.filter({ hasText: 'Can you check the budget?' }).waitFor(SLOW);
    await expect.poll(() => box.inputValue()).toBe('');
    await expectNoAxeViolations(p);
    await fitsTheWidth(p);
    expect(phone.problems).toEqual([]);

    // 5. the team view lists it under 'Assigned to me' with its status, owner and due date
    await page.goto(`${server.url}/?view=team`);
    await page.getByRole('heading', { name: 'Team watchlist' }).waitFor(SLOW);
    const row = page.getByRole('row').filter({ hasText: item.title });
    await row.waitFor(SLOW);
    await expect.poll(() => row.innerText()).toMatch(/Action required[\s\S]*Ada Lovelace[\s\S]*Jan 15, 2027/);
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    // the owner has nothing of their own to do: the item is Ada's
    await page.getByText('No item on the team watchlist matches.').waitFor(SLOW);
    expect(await page.getByRole('button', { name: 'Assigned to me' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectNoAxeViolations(page);
    expect(ownerTab.problems).toEqual([]);
    await ownerTab.context.close();
    await phone.context.close();
  });

  it('lets the owner buy seats on the subscription screen (test-mode checkout)', async () => {
    const owner = await buildSignedInUser(server.db, {
      firstName: 'Mary',
      lastName: 'Somerville',
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
    });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/orgs',
      headers: owner.headers,
      payload: { name: 'Somerville Legal' },
    });
    expect(created.statusCode).toBe(201);
    const { page, problems, context } = await signedIn('desktop', owner.token);
    // the team screen tells this browser about the organisation
    await page.goto(`${server.url}/team`);
    await page.getByText('1 of 5 seats used').waitFor(SLOW);
    await page.goto(`${server.url}/subscription`);
    await page.getByLabel('Seats to add').fill('2');
    await page.getByRole('button', { name: 'Buy seats' }).click(SLOW);
    await page.getByText('1 of 7 seats used').waitFor(SLOW);
    await page.getByText('5 included with Premium, 2 bought.').waitFor(SLOW);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows nothing of the team, and no failed request, to a member outside any organisation', async () => {
    const loner = await buildSignedInUser(server.db, { firstName: 'Alan', lastName: 'Turing' });
    const item = await buildLegalChange(server.db, { title: `Lone Bill ${Date.now()}` });
    const { page, problems, context } = await signedIn('desktop', loner.token);
    await page.goto(`${server.url}/legal-change/${item.id}`);
    await page.getByRole('heading', { level: 1, name: item.title }).waitFor(SLOW);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    expect(await page.getByRole('link', { name: 'Team view' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
