import type { LegalKind } from '#shared/item-date';
import { sortTimeline } from '#shared/legal-change-display';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import { emptyText } from '../lib/kind-text';

export const LATEST_UPDATES_SHOWN = 3;

/** The three newest timeline events: a bill's latest stages, or another item's latest dates. */
export function LatestUpdates({
  events,
  loading,
  kind,
}: {
  events: readonly TimelineEvent[] | undefined;
  loading: boolean;
  kind: LegalKind;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const vocabulary = useVocabulary();
  const latest = sortTimeline(events ?? []).slice(0, LATEST_UPDATES_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {kind === 'bill' ? t('legalChange.latest.stagesTitle') : t('legalChange.latest.datesTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : latest.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(emptyText(kind))}</p>
        ) : (
          <ul className="grid gap-4">
            {latest.map((event) => (
              <li key={event.id} className="grid gap-0.5 border-s-2 border-primary ps-3">
                <h3 className="text-sm font-semibold">
                  <bdi>{vocabulary.eventTitle(event.title)}</bdi>
                </h3>
                {event.description && (
                  <p className="line-clamp-3 text-sm text-muted-foreground">
                    <bdi>{event.description}</bdi>
                  </p>
                )}
                <p className="text-xs text-muted-foreground">
                  {event.eventDate ? (
                    <time dateTime={event.eventDate}>
                      {format.date(event.eventDate) || t('legalChange.invalidDate')}
                    </time>
                  ) : (
                    t('legalChange.timeline.dateTbc')
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
