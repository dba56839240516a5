import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema';
import { expectNoAxeViolations, launchBrowser, openPage, settleAnimations } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { watchNotificationStream } from '#test/support/notification-stream';
import { buildLegalChange, buildNotification, buildSignedInUser } from '#test/support/factories';

/** First loads of a screen (and its lazy chunk) can take a few seconds on a cold server. */
const SLOW = { timeout: 10_000 };

describe('notification bell and side panel', () => {
  let server: E2eServer;
  let browser: Browser;
  let legislationId: number;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    legislationId = (await buildLegalChange(server.db, { title: 'Data (Use and Access) Bill' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const addNotification = (
    userId: number,
    fields: { type: string; title: string; message: string; read?: boolean },
  ) =>
    buildNotification(server, userId, {
      type: fields.type,
      title: fields.title,
      message: fields.message,
      legislationId,
      readAt: fields.read ? new Date() : null,
    });

  /** A member with `count` unread notifications (the newest a news item) plus one read one. */
  async function memberWithNotifications(count: number) {
    const member = await buildSignedInUser(server.db, { firstName: 'Grace' });
    await addNotification(member.user.id, {
      type: 'legislative',
      title: 'Older read item',
      message: 'Second reading held.',
      read: true,
    });
    const rows = [];
    for (let i = 1; i < count; i += 1) {
      rows.push(
        await addNotification(member.user.id, {
          type: 'update',
          title: `Update ${i}`,
          message: `Stage changed (${i}).`,
        }),
      );
    }
    rows.push(
      await addNotification(member.user.id, {
        type: 'news',
        title: 'Regulator publishes guidance',
        message: 'News about the bill.',
      }),
    );
    return { ...member, rows };
  }

  async function signedInPage(viewport: 'desktop' | 'phone', token: string, touch = false) {
    const opened = await openPage(
      browser,
      viewport,
      touch ? { storageState: { hasTouch: true, isMobile: true } } : {},
    );
    await opened.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }

  // a CSS locator: while the panel is open the rest of the page is hidden from the accessibility tree
  const bell = (page: Page) => page.locator('header button[aria-label^="Notifications,"]');
  const item = (page: Page, title: string) =>
    page.locator('[data-notification-id]').filter({ hasText: title });

  async function openPanel(page: Page) {
    await bell(page).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  }

  async function dismissedAt(id: number) {
    const [row] = await server.db
      .select({ dismissedAt: notifications.dismissedAt })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row?.dismissedAt ?? null;
  }

  it('shows the unread badge, groups by day with "+N more", opens a notification on click and marks it read (desktop)', async () => {
    const member = await memberWithNotifications(7);
    const { page, problems, context } = await signedInPage('desktop', member.token);
    await page.goto(`${server.url}/preferences`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 7 unread');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('7');

    await openPanel(page);
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    expect(await dialog.getByRole('heading', { name: 'Today' }).count()).toBe(1);
    expect(await dialog.locator('[data-notification-id]').count()).toBe(5);
    await dialog.getByRole('button', { name: '+3 more' }).click();
    expect(await dialog.locator('[data-notification-id]').count()).toBe(8);
    expect(await dialog.locator('[data-read="false"]').count()).toBe(7);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/np-panel-desktop.png' });

    await item(page, 'Regulator publishes guidance').locator('[data-notification-open]').click();
    await page.waitForURL((url) => url.pathname === `/legal-change/${legislationId}`);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('news');
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 6 unread');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('dismisses by mouse drag left, by Delete and marks all read; keyboard Enter opens', async () => {
    const member = await memberWithNotifications(3);
    const { page, problems, context } = await signedInPage('desktop', member.token);
    await page.goto(`${server.url}/preferences`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 3 unread');
    await openPanel(page);

    // mouse drag left of 120 px
    const target = member.rows[0]!;
    const box = (await item(page, target.title).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => item(page, target.title).count(), SLOW).toBe(0);
    await expect.poll(() => dismissedAt(target.id)).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/preferences');

    // Delete on the focused notification
    const second = member.rows[1]!;
    await item(page, second.title).locator('[data-notification-open]').focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => item(page, second.title).count()).toBe(0);
    await expect.poll(() => dismissedAt(second.id)).not.toBeNull();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 0 unread');
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    await item(page, 'Regulator publishes guidance').locator('[data-notification-open]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/legal-change/${legislationId}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  /** Real touch input through the DevTools protocol. */
  async function touch(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page);
    const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    return {
      async swipeLeft(x: number, y: number, distance: number) {
        await send('touchStart', x, y);
        for (let step = 1; step <= 6; step += 1) await send('touchMove', x - (distance * step) / 6, y);
        await send('touchEnd', x - distance, y);
      },
      /** Touches and keeps the finger down until `held` resolves (the page did what a long press does). */
      async hold(x: number, y: number, held: Promise<unknown>) {
        await send('touchStart', x, y);
        await held;
        await send('touchEnd', x, y);
      },
      async shortSwipe(x: number, y: number, distance: number) {
        await send('touchStart', x, y);
        await send('touchMove', x - distance, y);
        await send('touchEnd', x - distance, y);
      },
    };
  }

  it('on a phone: swipe left dismisses, a short swipe does not, a tap opens with the tab rule, a 500 ms hold opens; no axe violations', async () => {
    const member = await buildSignedInUser(server.db, { firstName: 'Ada' });
    const swipeMe = await addNotification(member.user.id, {
      type: 'update',
      title: 'Swipe me away',
      message: 'Stage changed.',
    });
    await addNotification(member.user.id, {
      type: 'legislative',
      title: 'Hold me',
      message: 'Royal Assent given.',
    });
    await addNotification(member.user.id, {
      type: 'update',
      title: 'Tap me',
      message: 'New amendments tabled at report stage.',
    });
    const { page, problems, context } = await signedInPage('phone', member.token, true);
    const fingers = await touch(context, page);
    await page.goto(`${server.url}/preferences`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 3 unread');
    // the narrowest supported phone
    await page.setViewportSize({ width: 320, height: 700 });
    await page.screenshot({ path: '/tmp/np-bell-320.png', clip: { x: 0, y: 0, width: 320, height: 80 } });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await openPanel(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/np-panel-phone.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const centre = async (title: string) => {
      const box = (await item(page, title).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };

    // a 30 px swipe is neither a dismissal nor a tap
    let at = await centre('Swipe me away');
    await fingers.shortSwipe(at.x, at.y, 30);
    await settleAnimations(page);
    expect(await item(page, 'Swipe me away').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/preferences');

    at = await centre('Swipe me away');
    await fingers.swipeLeft(at.x, at.y, 120);
    await expect.poll(() => item(page, 'Swipe me away').count()).toBe(0);
    await expect.poll(() => dismissedAt(swipeMe.id)).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/preferences');

    at = await centre('Tap me');
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForURL((url) => url.pathname === `/legal-change/${legislationId}`);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('amendments');

    await page.goto(`${server.url}/preferences`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 1 unread');
    await openPanel(page);
    at = await centre('Hold me');
    await fingers.hold(
      at.x,
      at.y,
      page.waitForURL((url) => url.pathname === `/legal-change/${legislationId}`),
    );
    expect(new URL(page.url()).searchParams.get('tab')).toBe('timeline');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a notification written while the page is open within 2 s (live stream), and an empty state', async () => {
    const member = await buildSignedInUser(server.db, { firstName: 'Mary' });
    const { page, problems, context } = await signedInPage('desktop', member.token);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const stream = watchNotificationStream(page);
    await page.goto(`${server.url}/preferences`);
    await expect.poll(() => requested, SLOW).toContain('/api/notifications/stream');
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 0 unread');
    await openPanel(page);
    expect(await page.getByText("You're all caught up").count()).toBe(1);
    // the list read that follows the stream opening is answered, so only the stream can deliver
    await stream.listReadAfterStream();

    const started = Date.now();
    await addNotification(member.user.id, {
      type: 'new',
      title: 'Live arrival',
      message: 'A new bill was introduced.',
    });
    await expect.poll(() => item(page, 'Live arrival').count(), { timeout: 2000, interval: 100 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect
      .poll(() => bell(page).getAttribute('aria-label'), { timeout: 1000 })
      .toBe('Notifications, 1 unread');
    expect(problems).toEqual([]);
    await context.close();
  });
});
