import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/** A form label (a plain `<label>`: the pages with forms carry no label library). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn(
        'text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
