/*
 * Lexwatch's service worker: the app's shell for offline starts, and browser push.
 *
 * - Pages (navigations) are network-first: the server's HTML is always used when it can be
 *   reached, so a new release is never hidden behind an old page; a copy of each page that may be
 *   kept (not `no-store`: never a member's page with their data) is the fallback offline.
 * - Built assets (/assets/, names with a content hash, never changed) are cache-first.
 * - The cache is versioned by the build (`?v=` of this script's address, which the app sets):
 *   a new build installs a new worker, which deletes every older cache when it takes over.
 * - API calls and other files are not touched.
 * - A push shows a system notification (title, words, the item's link); a click opens the link.
 */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `lexwatch-shell-${VERSION}`;
const CACHE_PREFIX = 'lexwatch-shell-';
/** at most this many pages are kept for offline use */
const MAX_PAGES = 20;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request('/', { credentials: 'omit', cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function trimPages(cache) {
  const pages = (await cache.keys()).filter((r) => !new URL(r.url).pathname.startsWith('/assets/'));
  for (const old of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(old);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const keep = response.ok && !/no-store/i.test(response.headers.get('cache-control') || '');
    if (keep) cache.put(request, response.clone()).then(() => trimPages(cache));
    return response;
  } catch (error) {
    const cached = (await cache.match(request, { ignoreSearch: false })) || (await cache.match('/'));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});

/** Only this site's pages are opened from a notification. */
function sameOriginUrl(raw) {
  try {
    const url = new URL(raw || '/', self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL(url.pathname + url.search, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Lexwatch', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: sameOriginUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin && 'navigate' in w);
      if (open) return open.focus().then(() => open.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});

// the push service renewed the subscription: hand the new one to the server
self.addEventListener('pushsubscriptionchange', (event) => {
  const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
  if (!key) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .then((subscription) =>
        fetch('/api/user/push-subscriptions', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(subscription.toJSON()),
        }),
      )
      .catch(() => undefined),
  );
});
