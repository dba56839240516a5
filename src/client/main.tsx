import './styles/index.css';
import './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { PRERENDERED_SCREENS } from './app/router';
import { currentUserQueryOptions } from './features/auth/api/get-current-user';
import { getTranslation } from './i18n';
import { queryClient } from './lib/query-client';
import { FULL_STYLESHEET_ATTRIBUTE } from '#shared/prerendered-pages';

// a page rendered at build time paints from its inlined rules; the whole stylesheet applies now
for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${FULL_STYLESHEET_ATTRIBUTE}]`)) {
  link.media = 'all';
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A page rendered at build time (`data-prerendered`: a signed-out visitor's view in English) is
 * already on screen. Its code and the session check come first; then React takes over the HTML
 * as it is, or, for a member or another language, renders the page afresh in its place.
 */
async function start(root: HTMLElement): Promise<void> {
  const screen = PRERENDERED_SCREENS[root.dataset.prerendered as keyof typeof PRERENDERED_SCREENS];
  if (screen) {
    const session = currentUserQueryOptions();
    await Promise.all([queryClient.prefetchQuery(session), screen.load().catch(() => undefined)]);
    if (!queryClient.getQueryData(session.queryKey) && getTranslation().i18n.language === 'en') {
      // as a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread in one long task (the page is already on screen meanwhile)
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return;
    }
  }
  createRoot(root).render(app);
}

void start(container);
