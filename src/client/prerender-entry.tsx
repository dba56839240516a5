/**
 * Renders the public pages to HTML at build time (scripts/prerender.mjs bundles this for Node):
 * a signed-out visitor's view in English, with each page's code loaded before rendering so the
 * HTML holds the page itself, not a loading spinner. The client hydrates it (main.tsx).
 */
import './i18n';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PRERENDERED_PAGES, type PrerenderedPage, RENDERED_AT } from '#shared/prerendered-pages';
import { sessionKeys } from '#client/lib/query-keys';
import policies from './i18n/area-locales/policies/en.json';
import { type TFunction, getTranslation } from './i18n';
import { App } from './app';
import { PRERENDERED_SCREENS } from './app/router';
import { createQueryClient } from './lib/query-client';

/** A cache that already knows the visitor is signed out, as the client's session check will find. */
function signedOutClient(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(sessionKeys.user, null);
  return client;
}

async function renderOnce(name: PrerenderedPage): Promise<string> {
  const location = RENDERED_AT[name];
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <App client={signedOutClient()} Router={Router} />
    </StrictMode>,
    // one piece of HTML: no part held back for a script to reveal (the page must read without scripts)
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** A boundary that waited for code: its content arrives hidden, to be revealed by a script. */
const WAITED = '<!--$?-->';

/**
 * The page's HTML, complete without scripts: lazily loaded parts met on the way are loaded and
 * the page rendered again, until nothing waits.
 */
export async function renderPage(name: PrerenderedPage): Promise<string> {
  await PRERENDERED_SCREENS[name].load();
  for (let attempt = 0; attempt < 5; attempt++) {
    const html = await renderOnce(name);
    if (!html.includes(WAITED)) return html;
  }
  throw new Error(`The ${name} page still waits for code after 5 renders.`);
}

/** Each page's own name in its title, as its screen sets it once running (useDocumentTitle). */
const PAGE_NAMES: Record<PrerenderedPage, (t: TFunction) => string> = {
  landing: (t) => t('landing.title'),
  auth: (t) => t('auth.documentTitles.signIn'),
  resetPassword: (t) => t('resetPassword.form.title'),
  terms: () => policies.terms.title,
  privacy: () => policies.privacy.title,
  cookies: () => policies.cookies.title,
  notFound: (t) => t('notFound.title'),
};

/** The page's document title ("Terms of Service – Lexwatch"), so it is right before any script runs. */
export function pageTitle(name: PrerenderedPage): string {
  const { t } = getTranslation();
  return t('app.titleTemplate', { page: PAGE_NAMES[name](t), app: t('app.name') });
}

export const PAGES = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];
export { FULL_STYLESHEET_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PRERENDERED_DIR } from '#shared/prerendered-pages';
