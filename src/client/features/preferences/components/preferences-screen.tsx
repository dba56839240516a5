import { CheckCircle2 } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useAlertPreferences } from '../api/get-alert-preferences';
import { AlertSettingsForm } from './alert-settings-form';
import { lazy, Suspense } from 'react';
import { SearchTermsCard } from './search-terms-card';

// calendar and feeds, team chat and the delivery log sit below the fold: their own chunk
const MorePreferences = lazy(() => import('./more-preferences'));

/** The body of /preferences: search terms, the alert settings, team chat, then the delivery log. */
export function PreferencesScreen({ unsubscribed }: { unsubscribed: boolean }) {
  const { t } = useTranslation();
  const prefs = useAlertPreferences();
  return (
    <div className="grid gap-6">
      {unsubscribed && (
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>{t('alertPreferences.unsubscribed')}</AlertTitle>
          <AlertDescription>{t('alertPreferences.unsubscribedDescription')}</AlertDescription>
        </Alert>
      )}
      <SearchTermsCard />
      {prefs.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : prefs.isError || !prefs.data ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {t('alertPreferences.loadError')}
            <Button variant="outline" size="sm" onClick={() => void prefs.refetch()}>
              {t('alertPreferences.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <AlertSettingsForm stored={prefs.data} />
      )}
      <Suspense fallback={<Skeleton className="h-48 w-full" aria-hidden="true" />}>
        <MorePreferences />
      </Suspense>
    </div>
  );
}
