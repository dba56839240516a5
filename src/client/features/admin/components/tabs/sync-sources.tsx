import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import type { SyncSourceStatus } from '#shared/schemas/sync';
import { useStartSync } from '../../api/mutations';
import { syncCacheQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';

/** Each upstream sync with its last run and last success; `runnable` adds a button to queue one now. */
export function SyncSourceList({
  sources,
  runnable = false,
}: {
  sources: SyncSourceStatus[];
  runnable?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const sync = useStartSync();
  const never = { missing: t('admin.common.never'), invalid: t('admin.common.invalidDate') };
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('admin.sources.title')}>
      {sources.map((source) => (
        <li
          key={source.kind}
          className="grid gap-1 rounded-lg border bg-card p-3 text-sm"
          data-sync-source={source.kind}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{t(`admin.sources.kind.${source.kind}`)}</span>
            {source.stale && <Badge variant="warning">{t('admin.sources.stale')}</Badge>}
          </div>
          <p className="text-muted-foreground">
            {t('admin.sources.lastSuccess', { time: formatAdminDate(source.lastSuccessAt, format, never) })}
          </p>
          <p className="text-muted-foreground">
            {t('admin.sources.lastRun', { time: formatAdminDate(source.lastRunAt, format, never) })}
            {source.lastRunStatus === 'failed' ? ` (${t('admin.sources.failed')})` : ''}
          </p>
          {runnable && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={sync.isPending}
              onClick={() =>
                sync.mutate(source.kind, {
                  onSuccess: (r) => toast({ title: t('admin.dataSync.queued'), description: r.message }),
                  onError: (error) =>
                    toast({
                      title: t('admin.dataSync.syncFailed'),
                      description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              {t('admin.sources.runNow')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The sources' last successes, for the overview. */
export function SyncSourcesSummary() {
  const { t } = useTranslation();
  const cache = useQuery(syncCacheQuery());
  if (!cache.data) return null;
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{t('admin.sources.title')}</h3>
      <SyncSourceList sources={cache.data.sources} />
    </section>
  );
}
