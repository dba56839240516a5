import './styles/index.css';
import './i18n';
import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { PRERENDERED_SCREENS } from './app/router';
import { sessionKeys } from '#client/lib/query-keys';
import { currentUserQueryOptions } from '#client/lib/session/current-user';
import { getTranslation, languageReady } from './i18n';
import type { LazyComponent } from './lib/lazy-import';
import { queryClient } from './lib/query-client';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import { FULL_STYLESHEET_ATTRIBUTE } from '#shared/prerendered-pages';

// the browser's locale data is set up in a worker, off the main thread (intl-warm-up.worker.ts)
try {
  new Worker(new URL('./lib/intl-warm-up.worker.ts', import.meta.url), {
    type: 'module',
    name: document.documentElement.lang || 'en',
  });
} catch {
  // no workers here: the first format sets the data up itself
}

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

// A member's account language replaces this browser's, and their choices are saved to it: that
// code loads when the session check first finds a member.
const sessionKey = sessionKeys.user;
let memberLanguage: Promise<void> | undefined;
const followMember = () =>
  (memberLanguage ??= import('./i18n/member-language').then((m) =>
    m.followMemberLanguage(queryClient, sessionKey),
  ));
const stopWatching = queryClient.getQueryCache().subscribe(() => {
  if (!queryClient.getQueryData(sessionKey)) return;
  stopWatching();
  void followMember().catch(() => undefined);
});

/**
 * A page rendered at build time (`data-prerendered`: a signed-out visitor's view in English) is
 * already on screen. Its code, the session check and the dictionary of the language to show come
 * first; then React takes over the HTML as it is, or, for a member or another language, renders
 * the page afresh in its place (rendering English HTML in Spanish is not hydration).
 */
async function start(root: HTMLElement): Promise<void> {
  const screen = PRERENDERED_SCREENS[root.dataset.prerendered as keyof typeof PRERENDERED_SCREENS] as
    LazyComponent<ComponentType> | undefined;
  await Promise.all([
    languageReady,
    screen && queryClient.prefetchQuery(currentUserQueryOptions()),
    screen?.load().catch(() => undefined),
  ]);
  // the language to show: this browser's, or a member's own
  const member = queryClient.getQueryData(sessionKey);
  if (member) await followMember().catch(() => undefined);
  const hydrate = screen && !member && getTranslation().i18n.language === 'en';
  // as a transition, the first render (or hydration) yields to the browser every few milliseconds
  // instead of holding the main thread in one long task
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start(container);
// the service worker (offline shell, browser push) registers after the page has loaded
void import('./lib/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);

// a first visit's language: the visitor's country's, once they allow functional cookies
if (!readStorage(STORAGE_KEYS.language))
  void languageReady.then(() => import('./i18n/first-visit-language')).then((m) => m.followLocation());
