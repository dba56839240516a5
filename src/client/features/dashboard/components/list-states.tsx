import type { ReactNode } from 'react';
import { Skeleton } from '#client/components/ui/skeleton';

/** Rows in the shape of items while the list loads. */
export function ListSkeleton() {
  return (
    <div className="grid gap-4 py-2" aria-hidden="true" data-testid="list-skeleton">
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className="grid gap-2 border-b pb-4 last:border-b-0">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The list with nothing in it: why, and what to do next. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="font-medium">{text}</p>
      {children}
    </div>
  );
}
