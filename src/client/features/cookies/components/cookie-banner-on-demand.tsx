import { Suspense, lazy, useEffect, useState } from 'react';
import { localConsent } from '#client/lib/storage';

/** The banner appears this long after the page loads, unless a choice is recorded (spec §9). */
export const BANNER_DELAY_MS = 1500;

// loaded only when due, so no page's first download carries it; a failed load shows no banner
const CookieBanner = lazy(() => import('./cookie-banner').catch(() => ({ default: () => null })));

/** Mount once, near the root: after the delay, the banner's code loads if no choice is recorded here. */
export function CookieBannerOnDemand() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(!localConsent()), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return due ? (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  ) : null;
}
