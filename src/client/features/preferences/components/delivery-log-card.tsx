import { Link } from 'react-router';
import type { Delivery } from '#shared/schemas/webhooks';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useDeliveries } from '../api/webhooks';
import { useFormat } from '#client/lib/format';

const STATUS_VARIANT = {
  sent: 'success',
  failed: 'destructive',
  queued: 'secondary',
  held: 'warning',
} as const;

/** What was sent to the member in the last 90 days: a table on wide screens, a list on phones. */
export function DeliveryLogCard() {
  const { t } = useTranslation();
  const log = useDeliveries();
  const rows = log.rows;
  const format = useFormat();
  const channel = (d: Delivery) =>
    d.channel === 'webhook' ? t('preferences.deliveries.webhook') : t(`preferences.deliveries.${d.channel}`);
  const status = (d: Delivery) => (
    <Badge variant={STATUS_VARIANT[d.status]}>{t(`preferences.deliveries.${d.status}`)}</Badge>
  );
  const message = (d: Delivery) => (
    <>
      <span className="break-words">{d.summary}</span>
      {d.legalChange && d.summary.indexOf(d.legalChange.title) < 0 && (
        <Link
          to={`/legal-change/${d.legalChange.id}`}
          className="block text-xs text-primary underline underline-offset-4"
        >
          {d.legalChange.title}
        </Link>
      )}
    </>
  );
  const time = (d: Delivery) => (
    <time dateTime={d.sentAt ?? d.createdAt}>{format.dateTime(d.sentAt ?? d.createdAt)}</time>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('preferences.deliveries.title')}</CardTitle>
        <CardDescription>{t('preferences.deliveries.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {log.first.isLoading ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : log.first.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t('preferences.webhooks.loadFailed')}
              <Button variant="outline" size="sm" onClick={() => void log.first.refetch()}>
                {t('alertPreferences.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('preferences.deliveries.empty')}</p>
        ) : (
          <>
            <table className="hidden w-full text-sm sm:table" data-testid="delivery-table">
              <thead className="text-start text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('preferences.deliveries.when')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('preferences.deliveries.channel')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('preferences.deliveries.message')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('preferences.deliveries.to')}
                  </th>
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('preferences.deliveries.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id} className="border-b align-top last:border-0" data-delivery={d.id}>
                    <td className="py-2 pe-3 whitespace-nowrap">{time(d)}</td>
                    <td className="py-2 pe-3 whitespace-nowrap">{channel(d)}</td>
                    <td className="py-2 pe-3">{message(d)}</td>
                    <td className="py-2 pe-3 break-all">{d.recipient}</td>
                    <td className="py-2">{status(d)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="grid gap-2 sm:hidden" aria-label={t('preferences.deliveries.title')}>
              {rows.map((d) => (
                <li key={d.id} className="grid gap-1 rounded-lg border p-3 text-sm" data-delivery={d.id}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{channel(d)}</span>
                    {status(d)}
                  </div>
                  <div>{message(d)}</div>
                  <div className="text-xs break-all text-muted-foreground">
                    {time(d)} · {d.recipient}
                  </div>
                </li>
              ))}
            </ul>
            {log.moreFailed && (
              <p role="alert" className="text-sm text-destructive-strong">
                {t('preferences.webhooks.loadFailed')}
              </p>
            )}
            {log.hasMore && (
              <Button
                variant="outline"
                className="justify-self-start"
                disabled={log.loadingMore}
                onClick={() => void log.loadMore()}
              >
                {t('preferences.deliveries.loadMore')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
