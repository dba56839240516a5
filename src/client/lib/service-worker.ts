/**
 * Registers the service worker (public/sw.js: the shell for offline starts, and browser push)
 * once the page has loaded, in production builds only; loaded by the entry after it starts, so
 * it adds nothing to a page's first download. Its address carries this build's id (the hash in
 * the entry chunk's file name, which changes with any chunk it loads), so a new build installs
 * a new worker and drops the old cache.
 */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The entry script's address: this module loads on its own, after the page, so it asks the page. */
const entryScriptUrl = (): string =>
  document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/index-"]')?.src ??
  location.href;

export function buildId(entryUrl: string = entryScriptUrl()): string {
  return /-([A-Za-z0-9_-]{6,})\.js$/.exec(new URL(entryUrl).pathname)?.[1] ?? 'dev';
}

export const serviceWorkerUrl = () => `${SERVICE_WORKER_PATH}?v=${buildId()}`;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register(serviceWorkerUrl(), { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
