import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/** A placeholder block that reserves the space of content still loading. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-secondary', className)}
      {...props}
    />
  );
}
