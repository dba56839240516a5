import { RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { getTranslation, useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import type { UkLegislationSyncResponse } from '#shared/schemas/sync';
import { useSyncLatest } from '../api/sync-latest';
import { loadDataStateArea } from '../lib/data-state-area';

/**
 * The dashboard's sync of UK legislation, with the spec's toasts: 'Live Data Updated' with what
 * the run found, 'Sync Status' while it goes on in the background (or when too many were asked
 * for), 'API Key Required' when the server says a source lacks its key, and 'Connection Error'
 * when the sources (or the service) could not be reached. Their messages load with the click.
 */
export function SyncLatestButton() {
  const { t } = useTranslation();
  const format = useFormat();
  const sync = useSyncLatest();

  // the toasts read the messages as they are once loaded, not as this render had them
  const done = (r: UkLegislationSyncResponse, { t } = getTranslation()) =>
    r.completed
      ? toast({
          title: t('dataState.sync.updated'),
          description: t('dataState.sync.updatedText', {
            checked: format.number(r.syncedCount),
            added: format.number(r.added),
            updated: format.number(r.updated),
          }),
        })
      : toast({ title: t('dataState.sync.status'), description: t('dataState.sync.background') });

  const failed = (error: unknown, { t } = getTranslation()) => {
    const status = error instanceof ApiError ? error.status : 0;
    if (error instanceof ApiError && error.code === 'api_key_required')
      toast({
        title: t('dataState.sync.apiKey'),
        description: apiErrorMessage(error, ''),
        variant: 'destructive',
      });
    else if (status === 429)
      toast({
        title: t('dataState.sync.status'),
        description: apiErrorMessage(error, t('dataState.sync.background')),
      });
    else
      toast({
        title: t('dataState.sync.connection'),
        description: t('dataState.sync.connectionText'),
        variant: 'destructive',
      });
  };

  const run = () => {
    const messages = loadDataStateArea().catch(() => undefined);
    sync.mutate(undefined, {
      onSuccess: (r) => void messages.then(() => done(r)),
      onError: (error) => void messages.then(() => failed(error)),
    });
  };

  return (
    <Button variant="outline" size="sm" onClick={run} disabled={sync.isPending}>
      {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
      {sync.isPending ? t('dashboard.sync.running') : t('dashboard.sync.button')}
    </Button>
  );
}
