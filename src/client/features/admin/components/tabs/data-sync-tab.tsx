import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useStartSync, type SyncButtonKind } from '../../api/mutations';
import { TabSection } from '../tab-section';

const BUTTONS: { kind: SyncButtonKind; failure: 'syncFailed' | 'ukFailed' | 'siFailed' | 'newsFailed' }[] = [
  { kind: 'uk-parliament', failure: 'ukFailed' },
  { kind: 'scottish-parliament', failure: 'syncFailed' },
  { kind: 'secondary-legislation', failure: 'siFailed' },
  { kind: 'news-cache', failure: 'newsFailed' },
];

/** The four manual syncs; all are disabled while one is pending. */
export default function DataSyncTab() {
  const { t } = useTranslation();
  const sync = useStartSync();
  const [active, setActive] = useState<SyncButtonKind | null>(null);
  return (
    <TabSection title={t('admin.tabs.data-sync')} description={t('admin.dataSync.description')}>
      <div className="grid gap-3 sm:grid-cols-2">
        {BUTTONS.map(({ kind, failure }) => (
          <Button
            key={kind}
            variant="outline"
            size="lg"
            className="justify-start"
            disabled={sync.isPending}
            onClick={() => {
              setActive(kind);
              sync.mutate(kind, {
                onSuccess: (r) => toast({ title: t('admin.dataSync.queued'), description: r.message }),
                onError: (error) =>
                  toast({
                    title: t(`admin.dataSync.${failure}`),
                    description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
                    variant: 'destructive',
                  }),
              });
            }}
          >
            {sync.isPending && active === kind ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t(`admin.dataSync.button.${kind}`)}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {sync.isPending ? t('admin.dataSync.pending') : t('admin.dataSync.hint')}
      </p>
    </TabSection>
  );
}
