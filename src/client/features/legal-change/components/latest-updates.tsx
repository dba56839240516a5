import { sortTimeline } from '#shared/legal-change-display';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';

export const LATEST_UPDATES_SHOWN = 3;

/** Latest News & Updates: the three newest timeline events. */
export function LatestUpdates({
  events,
  loading,
}: {
  events: readonly TimelineEvent[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const latest = sortTimeline(events ?? []).slice(0, LATEST_UPDATES_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.latest.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : latest.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('legalChange.latest.empty')}</p>
        ) : (
          <ul className="grid gap-4">
            {latest.map((event) => (
              <li key={event.id} className="grid gap-0.5 border-s-2 border-primary ps-3">
                <h3 className="text-sm font-semibold">{event.title}</h3>
                {event.description && (
                  <p className="line-clamp-3 text-sm text-muted-foreground">{event.description}</p>
                )}
                <p className="text-xs text-muted-foreground">
                  {event.eventDate
                    ? format.date(event.eventDate) || t('legalChange.invalidDate')
                    : t('legalChange.timeline.dateTbc')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
