import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** percent done, 0–100 */
  value?: number | null;
  indicatorClassName?: string;
}

/**
 * A bar of how much is done, announced as a progress bar with its percentage (the WAI-ARIA
 * progressbar pattern). Give it an accessible name with `aria-label` or `aria-labelledby`.
 */
export function Progress({ className, value, indicatorClassName, ...props }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value == null ? undefined : Math.round(percent)}
      aria-valuetext={value == null ? undefined : `${Math.round(percent)}%`}
      data-slot="progress"
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full bg-secondary rtl:-scale-x-100',
        className,
      )}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn('h-full w-full flex-1 bg-primary transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
