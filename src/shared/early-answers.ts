/**
 * A member's page comes with the answers to the first GET requests its screen makes (the session,
 * the dashboard's lists and counts, a legal change's record): the server asks itself for them
 * while it sends the page (server/plugins/early-answers.ts), and the page takes them instead of
 * asking over the network again (client/early-answers.ts). On a phone line each request the
 * screen waits for is a round trip or two: the dashboard asked for the session, then for its
 * data, and only then could paint.
 *
 * A URL here must be exactly the one the screen asks for, or its answer simply goes unused; the
 * browser test 'early-answers.e2e' holds the two together.
 */

/** The attribute naming the URL a `<script type="application/json">` holds the answer to. */
export const EARLY_ANSWER_ATTRIBUTE = 'data-early-answer';

/** An answer is taken only this long after the page started loading (ms); later, it is asked for. */
export const EARLY_ANSWER_FRESH_MS = 30_000;

/** The session: what every member screen asks for first. */
export const SESSION_URL = '/api/auth/user';

/** What every member screen asks for as it opens: the notification bell and the consent check. */
const EVERY_SCREEN = ['/api/notifications/in-app', '/api/user/cookie-preferences'];

/** Each screen's own first requests, by path; the dashboard's list is page 1 by date, newest first (its default view). */
const SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/': [
    '/api/dashboard/stats',
    '/api/jurisdictions',
    '/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc',
    '/api/user-subscriptions',
    '/api/upcoming-deadlines',
    '/api/legal-changes/followed?page=1&limit=50',
    '/api/data-freshness',
  ],
  '/settings': [
    '/api/user/legislation-preferences',
    '/api/global/legislation-availability',
    '/api/user/followed-legislation-counts',
    '/api/user-subscriptions',
    '/api/auth/sessions',
  ],
  '/preferences': [
    '/api/user/search-terms',
    '/api/user/alert-preferences',
    '/api/user/feeds',
    '/api/user/webhooks',
    '/api/user/deliveries?limit=20',
  ],
  '/subscription': [
    '/api/billing/status',
    '/api/billing/invoices',
    '/api/jurisdictions',
    '/api/law-areas',
    '/api/user-subscriptions',
  ],
  '/legal-sources': ['/api/legal-sources/status', '/api/legal-sources/uk/recent-changes'],
  '/subscribe': [],
  '/upgrade': [],
};

const LEGAL_CHANGE_PATH = /^\/legal-changes?\/(\d{1,9})$/;

/**
 * The GET requests, besides the session, that the screen at `path` (no query) makes as it opens
 * for a member reading in `language`; none for a screen not listed.
 */
export function firstRequests(path: string, language: string): string[] {
  const screen = path.length > 1 ? path.replace(/\/$/, '') : path;
  const own = SCREENS[screen];
  if (own) return [...own, ...EVERY_SCREEN];
  const legalChange = LEGAL_CHANGE_PATH.exec(screen);
  if (legalChange) {
    const item = `/api/legal-changes/${legalChange[1]}`;
    return [
      item,
      `${item}/action`,
      `${item}/effects`,
      `${item}/timeline`,
      `${item}/ai-overview?${new URLSearchParams({ language })}`,
      ...EVERY_SCREEN,
    ];
  }
  return [];
}
