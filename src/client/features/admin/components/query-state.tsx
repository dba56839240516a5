import { AlertCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';

/** Loading skeleton, error with a retry, empty text, or the content, for one admin query. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  errorTitle,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-2/3" />
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{errorTitle ?? t('admin.common.loadFailed')}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{apiErrorMessage(query.error, t('admin.common.tryAgainLater'))}</p>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" />
            {t('admin.common.tryAgain')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  if (isEmpty?.(query.data))
    return (
      <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">{empty}</p>
    );
  return <>{children(query.data)}</>;
}

/** A titled section of a tab with an optional action on the right. */
export function TabSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A label and value pair of a definition list. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
