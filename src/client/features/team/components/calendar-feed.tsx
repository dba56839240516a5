import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFeeds } from '../api/horizon';

/** The iCal feed's address, to copy into a calendar app. */
export function CalendarFeed({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const feeds = useFeeds(orgId);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.horizon.feed')}</CardTitle>
        <CardDescription>{t('team.horizon.feedHint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {feeds.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feeds.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(feeds.error, t('common.tryAgainLater'))}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Input
              readOnly
              dir="ltr"
              aria-label={t('team.horizon.feed')}
              value={feeds.data.calendarUrl}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 basis-64 font-mono text-xs"
            />
            <Button variant="outline" onClick={() => void copy(feeds.data.calendarUrl)}>
              <Copy aria-hidden="true" />
              {t('team.horizon.copy')}
            </Button>
          </div>
        )}
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {copied === 'yes' ? t('team.horizon.copied') : copied === 'no' ? t('team.horizon.copyFailed') : ''}
        </p>
      </CardContent>
    </Card>
  );
}
