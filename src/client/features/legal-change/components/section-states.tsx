import type { ComponentProps } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';

/** A tab's content while it loads: a labelled spinner and placeholder lines. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" aria-hidden="true" />
        {label}
      </p>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** A tab that could not load, with Try again. */
export function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>{t('legalChange.errorTitle')}</AlertTitle>
      <AlertDescription>
        <p>{t('legalChange.loadError')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          {t('legalChange.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A link that opens in a new tab and says so to assistive technology. */
export function ExternalLink({
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & { href: string }) {
  const { t } = useTranslation();
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('legalChange.opensInNewTab')}</span>
    </a>
  );
}
