import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * After a client-side navigation to another path, scroll to the top and move focus to the
 * main region, so keyboard and screen-reader users start at the new page's content.
 * The first page of a visit (history key "default") keeps the browser's own focus handling,
 * and so does a link to an in-page anchor.
 */
export function useRouteFocusTarget(ref: RefObject<HTMLElement | null>): void {
  const { pathname, key, hash } = useLocation();

  useEffect(() => {
    if (key === 'default' || hash) return;
    window.scrollTo(0, 0);
    ref.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path moves focus
  }, [pathname]);
}
