import { type ComponentProps, useRef } from 'react';
import { MAIN_CONTENT_ID, useRouteFocusTarget } from '#client/hooks/use-route-focus';
import { cn } from '#client/lib/utils';

/** The page's `<main>` landmark: target of the skip link and of focus after navigation. */
export function MainContent({ className, ...props }: ComponentProps<'main'>) {
  const ref = useRef<HTMLElement>(null);
  useRouteFocusTarget(ref);
  return (
    <main
      ref={ref}
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={cn('flex-1 focus:outline-none', className)}
      {...props}
    />
  );
}
