import { useState } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage, isNetworkFailure } from '#client/lib/api-client';
import { REGIONS, type Region } from '#shared/legal-sources';
import { useRecent } from '../api';
import { ResultList } from './result-list';

/** The newest items of each region's sources, a tab per region. */
export function RecentCard() {
  const { t } = useTranslation();
  const [region, setRegion] = useState<Region | 'global'>('uk');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalSources.recent')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={region} onValueChange={(v) => setRegion(v as Region | 'global')}>
          <TabsList className="grid h-auto w-full grid-cols-3 gap-1 sm:flex sm:w-fit">
            {REGIONS.map((r) => (
              <TabsTrigger key={r} value={r} className="h-9">
                {t(`legalSources.regions.${r}`)}
              </TabsTrigger>
            ))}
            <TabsTrigger value="global" className="h-9">
              {t('legalSources.global')}
            </TabsTrigger>
          </TabsList>
          {REGIONS.map((r) => (
            <TabsContent key={r} value={r}>
              <RecentList region={r} active={region === r} />
            </TabsContent>
          ))}
          <TabsContent value="global">
            <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
              {t('legalSources.globalSoon')}
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function RecentList({ region, active }: { region: Region; active: boolean }) {
  const { t } = useTranslation();
  const recent = useRecent(region, active);
  if (recent.isPending)
    return (
      <div className="grid gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  if (recent.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {isNetworkFailure(recent.error)
            ? t('errors.network')
            : apiErrorMessage(recent.error, t('legalSources.searchFailedText'))}
        </AlertDescription>
      </Alert>
    );
  if (!recent.data.results.length)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        {t('legalSources.recentEmpty')}
      </p>
    );
  return <ResultList results={recent.data.results} />;
}
