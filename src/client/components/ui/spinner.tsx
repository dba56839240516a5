import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

export type SpinnerProps = ComponentProps<'svg'> & {
  /** Accessible text. Without it the spinner is decorative (e.g. inside a labelled button). */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  if (!label)
    return <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
