import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { cn } from '#client/lib/utils';
import type { SourceStatus } from '#shared/schemas/legal-sources';
import { useLegalSourcesStatus, useSyncAll } from '../api';
import { useFormat } from '#client/lib/format';

/** The public data sources, each with its state, and a sync of them all. */
export function SourcesCard() {
  const { t } = useTranslation();
  const status = useLegalSourcesStatus();
  const sync = useSyncAll();
  const [tab, setTab] = useState<'all' | 'primary' | 'extended'>('all');
  const counts = status.data?.counts;

  const syncAll = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        toast({
          title: t('legalSources.syncDone'),
          description: t('legalSources.syncDoneText', { n: r.successful, m: r.failed }),
        }),
      onError: () =>
        toast({
          title: t('legalSources.syncFailed'),
          description: t('legalSources.syncFailedText'),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">{t('legalSources.overview')}</CardTitle>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {(['total', 'primary', 'extended'] as const).map((k) => (
              <div key={k} className="flex gap-1.5">
                <dt className="text-muted-foreground">{t(`legalSources.${k}`)}</dt>
                <dd className="font-semibold" data-testid={`count-${k}`}>
                  {counts ? counts[k] : '–'}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <Button onClick={syncAll} disabled={sync.isPending} aria-describedby="sync-progress">
          <RefreshCw aria-hidden="true" className={cn(sync.isPending && 'animate-spin')} />
          {t('legalSources.syncAll')}
        </Button>
        <p id="sync-progress" role="status" className="basis-full text-sm text-muted-foreground empty:hidden">
          {sync.isPending ? t('legalSources.syncing') : ''}
        </p>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="all">{t('legalSources.tabAll')}</TabsTrigger>
            <TabsTrigger value="primary">{t('legalSources.primary')}</TabsTrigger>
            <TabsTrigger value="extended">{t('legalSources.extended')}</TabsTrigger>
          </TabsList>
          <TabsContent value={tab}>
            {status.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-24" />
                ))}
              </div>
            ) : status.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {apiErrorMessage(status.error, t('legalSources.syncFailedText'))}
                </AlertDescription>
              </Alert>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
                {status.data.sources
                  .filter((s) => tab === 'all' || s.group === tab)
                  .map((s) => (
                    <SourceItem key={s.code} source={s} />
                  ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SourceItem({ source }: { source: SourceStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const badge =
    source.availability === 'available'
      ? { variant: 'success' as const, text: t('legalSources.available') }
      : source.availability === 'api_key_required'
        ? { variant: 'warning' as const, text: t('legalSources.apiKeyRequired') }
        : { variant: 'destructive' as const, text: t('legalSources.unavailable') };
  return (
    <li className="grid min-w-0 gap-1.5 rounded-lg border p-3" data-testid={`source-${source.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{source.name}</h3>
        <Badge variant={badge.variant}>{badge.text}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {source.jurisdiction} · {source.description}
      </p>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {source.lastSuccessAt
          ? t('legalSources.lastSuccess', {
              time: format.dateTime(source.lastSuccessAt),
            })
          : t('legalSources.neverReached')}
        {source.lastError && source.availability !== 'available' ? ` · ${source.lastError}` : ''}
      </p>
    </li>
  );
}
