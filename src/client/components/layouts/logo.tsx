import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';

/** Product mark linking home. */
export function Logo({
  className,
  to = '/',
  compactOnPhone = false,
}: {
  className?: string;
  to?: string;
  compactOnPhone?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-foreground',
        className,
      )}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Scale aria-hidden="true" className="size-5" />
      </span>
      {/* on narrow member headers the wordmark is read out but not shown, leaving room for the controls */}
      <span className={cn('text-lg tracking-tight', compactOnPhone && 'max-sm:sr-only')}>
        {t('app.name')}
      </span>
      <span className="sr-only"> {t('layout.homeSuffix')}</span>
    </Link>
  );
}
