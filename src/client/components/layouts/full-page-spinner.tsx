import { Loader2 } from 'lucide-react';
import { useTranslation } from '#client/i18n';

/** Shown while the session resolves or a screen loads. */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}
