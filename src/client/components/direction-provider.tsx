import { DirectionProvider as RadixDirectionProvider } from '@radix-ui/react-direction';
import type { ReactNode } from 'react';
import { useTranslation } from '#client/i18n';
import { directionOf } from '#shared/languages';

/** The reading direction of the interface as shown ('rtl' in Arabic once its dictionary is there). */
export function useDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  return directionOf(i18n.language);
}

/**
 * Tells the Radix primitives (menus, tabs, selects, sliders) the reading direction, so their
 * arrow keys, placement and animations follow it: in Arabic the right arrow moves backwards
 * and a menu opens from the right edge of its button.
 */
export function DirectionProvider({ children }: { children: ReactNode }) {
  return <RadixDirectionProvider dir={useDirection()}>{children}</RadixDirectionProvider>;
}
