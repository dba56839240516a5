/** What the cookie consent tests watch in a page: the banner, when it came and went, layout shifts and storage. */
import type { Page } from 'playwright-core';

/** The banner appears this long after a page loads with no choice recorded (spec §9). */
export const BANNER_DELAY_MS = 1500;

/** Resolves once the banner's code, which a page loads only when the banner is due, has arrived. */
export const bannerCodeLoaded = (page: Page) =>
  page.waitForEvent('requestfinished', {
    predicate: (request) => /\/assets\/cookie-banner-[\w-]+\.js$/.test(request.url()),
    timeout: 15_000,
  });

export const banner = (page: Page) => page.getByTestId('cookie-banner');

/** A layout shift without recent input: when, how much, and what moved. */
export type Shift = { at: number; value: number; moved: string[] };
type Watched = { bannerShownAt?: number; bannerGoneAt?: number; shifts: Shift[] };

/** Records, from before the page's own scripts run, when the banner appears and disappears and any layout shift. */
export async function watchBanner(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Watched;
    w.shifts = [];
    type Entry = {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: { node?: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[])
        if (!entry.hadRecentInput)
          w.shifts.push({
            at: entry.startTime,
            value: entry.value,
            moved: (entry.sources ?? []).map((s) =>
              s.node instanceof Element
                ? `<${s.node.tagName.toLowerCase()} class="${String(s.node.className).slice(0, 60)}">`
                : String(s.node?.nodeName),
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      const present = document.querySelector('[data-testid="cookie-banner"]') !== null;
      if (present && w.bannerShownAt === undefined) w.bannerShownAt = performance.now();
      if (!present && w.bannerShownAt !== undefined && w.bannerGoneAt === undefined)
        w.bannerGoneAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * When the banner came and went, and the layout shifts before it came (the page loading) and
 * from the moment it came.
 */
export const timings = async (page: Page) => {
  const w = await page.evaluate(() => {
    const { bannerShownAt, bannerGoneAt, shifts } = window as unknown as Watched;
    return { bannerShownAt, bannerGoneAt, shifts };
  });
  const from = w.bannerShownAt ?? Infinity;
  return {
    shown: w.bannerShownAt,
    gone: w.bannerGoneAt,
    loadShifts: w.shifts.filter((s) => s.at < from),
    bannerShifts: w.shifts.filter((s) => s.at >= from),
  };
};

/** Cumulative layout shift "good" threshold (web.dev Core Web Vitals). */
export const GOOD_CLS = 0.1;
export const total = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);

export async function storageOf(page: Page) {
  const keys = await page.evaluate(() => Object.keys(localStorage));
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { keys: keys.sort(), cookies: cookies.sort() };
}
