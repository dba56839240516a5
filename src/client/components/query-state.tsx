import { AlertCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';

/**
 * What a screen shows for one query: a loading skeleton (or `loading`), the error with a retry,
 * the `empty` text when `isEmpty` says so, else the content.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  errorTitle,
  loading,
  error,
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
  loading?: ReactNode;
  /** shown instead of the standard alert when the query failed; `retry` asks again */
  error?: (retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return loading !== undefined ? (
      <>{loading}</>
    ) : (
      <div className="grid gap-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-2/3" />
      </div>
    );
  if ((query.isError || query.data === undefined) && error) return <>{error(() => void query.refetch())}</>;
  if (query.isError || query.data === undefined)
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{errorTitle ?? t('common.loadFailed')}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{apiErrorMessage(query.error, t('common.tryAgainLater'))}</p>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" />
            {t('common.tryAgain')}
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
