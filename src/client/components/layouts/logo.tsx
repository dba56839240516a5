import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '#client/lib/utils';

/** Product mark linking home. */
export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={cn('inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-foreground', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Scale aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg tracking-tight">{t('app.name')}</span>
      <span className="sr-only"> {t('layout.homeSuffix')}</span>
    </Link>
  );
}
