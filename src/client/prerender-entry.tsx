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
import { PRERENDERED_PAGES, type PrerenderedPage } from '#shared/prerendered-pages';
import { currentUserQueryOptions } from './features/auth/api/get-current-user';
import { App } from './app';
import { PRERENDERED_SCREENS } from './app/router';
import { createQueryClient } from './lib/query-client';

/** A cache that already knows the visitor is signed out, as the client's session check will find. */
function signedOutClient(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryOptions().queryKey, null);
  return client;
}

async function renderOnce(name: PrerenderedPage): Promise<string> {
  const location = PRERENDERED_PAGES[name];
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

export const PAGES = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];
export { PRERENDERED_ATTRIBUTE, PRERENDERED_DIR } from '#shared/prerendered-pages';
