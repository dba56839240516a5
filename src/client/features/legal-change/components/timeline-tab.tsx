import { Download, RefreshCw } from 'lucide-react';
import { legalKindOf } from '#shared/item-date';
import { timelineDotColour, timelineHouseBadge } from '#shared/legal-change-display';
import { JURISDICTIONS } from '#shared/reference-data';
import { legislationTypeByCode } from '#shared/legislation';
import type { LegalChange } from '#shared/schemas/legal-changes';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { isolate, useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import type { useCreateTimeline } from '../api/create-timeline';
import { useTimeline } from '../api/get-timeline';
import { DOT_CLASSES } from '../lib/colours';
import { emptyText, kindText } from '../lib/kind-text';
import { ExternalLink, SectionError, SectionLoading } from './section-states';

/** The jurisdiction of an item: a UK nation by its legislation type, else the reference data's. */
function jurisdictionName(legalChange: LegalChange): string {
  const type = legislationTypeByCode(legalChange.legislationType);
  if (type) return type.jurisdiction;
  return JURISDICTIONS.find((j) => j.id === legalChange.jurisdictionId)?.name ?? '';
}

function TimelineItem({ event, last, houses }: { event: TimelineEvent; last: boolean; houses: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const vocabulary = useVocabulary();
  // a House only for a UK Parliament bill's stages: the Scottish Parliament has one chamber, and
  // an Act's or instrument's dates are no House's stages
  const house = houses ? timelineHouseBadge(event.title) : null;
  return (
    <li className="relative grid grid-cols-[1rem_1fr] gap-x-3">
      <span aria-hidden="true" className="relative flex justify-center">
        <span
          className={cn(
            'z-10 mt-1.5 size-3 rounded-full ring-2 ring-card',
            DOT_CLASSES[timelineDotColour(event.eventType)],
          )}
        />
        {!last && <span className="absolute top-4 bottom-[-1rem] w-px bg-border" />}
      </span>
      <div className="grid gap-1 pb-5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">
            <bdi>{vocabulary.eventTitle(event.title)}</bdi>
          </h3>
          {house && <Badge variant="outline">{vocabulary.house(house)}</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          {event.eventDate ? (
            <time dateTime={event.eventDate}>
              {format.date(event.eventDate) || t('legalChange.invalidDate')}
            </time>
          ) : (
            t('legalChange.timeline.dateTbc')
          )}
        </p>
        {event.description && (
          <p className="text-sm leading-relaxed text-muted-foreground">
            <bdi>{event.description}</bdi>
          </p>
        )}
        {event.sourceUrl && (
          <ExternalLink
            href={event.sourceUrl}
            className="w-fit text-sm text-primary underline-offset-4 hover:underline"
          >
            {event.sourceName
              ? t('legalChange.timeline.source', { name: isolate(event.sourceName) })
              : t('legalChange.timeline.sourceFallback')}
          </ExternalLink>
        )}
      </div>
    </li>
  );
}

/** The Timeline tab: the item's overview and its history (a bill's parliamentary journey), newest first. */
export function TimelineTab({
  legalChange,
  create,
}: {
  legalChange: LegalChange;
  create: ReturnType<typeof useCreateTimeline>;
}) {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const kind = legalKindOf(legalChange.legislationType, legalChange.isDraft);
  const timeline = useTimeline(legalChange.id);
  const events = timeline.data ?? [];
  const jurisdiction = jurisdictionName(legalChange);
  const purpose = legalChange.longTitle ?? legalChange.description ?? t('legalChange.timeline.notAvailable');

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t(kindText(kind, 'overview'))}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium text-muted-foreground">{t('legalChange.timeline.shortTitle')}</dt>
            <dd>
              <bdi>{legalChange.shortName ?? legalChange.title}</bdi>
            </dd>
            {jurisdiction && (
              <>
                <dt className="font-medium text-muted-foreground">
                  {t('legalChange.timeline.jurisdiction')}
                </dt>
                <dd>{vocabulary.jurisdiction(jurisdiction)}</dd>
              </>
            )}
            <dt className="font-medium text-muted-foreground">{t('legalChange.timeline.purpose')}</dt>
            <dd className="leading-relaxed">
              <bdi>{purpose}</bdi>
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle as="h2">{t(kindText(kind, 'history'))}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {t(kindText(kind, 'intro', legalChange.legislationType))}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {timeline.isSuccess && events.length === 0 && (
              <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
                {create.isPending ? <Spinner /> : <Download aria-hidden="true" />}
                {t('legalChange.timeline.loadTimeline')}
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void timeline.refetch()}
              disabled={timeline.isFetching || create.isPending}
            >
              {timeline.isFetching && !timeline.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {t('legalChange.timeline.refresh')}
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {timeline.isPending || (create.isPending && events.length === 0) ? (
            <SectionLoading label={t('legalChange.timeline.loadingTimeline')} />
          ) : timeline.isError ? (
            <SectionError onRetry={() => void timeline.refetch()} />
          ) : events.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {t(emptyText(kind))}
            </p>
          ) : (
            <ol className="grid">
              {events.map((event, index) => (
                <TimelineItem
                  key={event.id}
                  event={event}
                  last={index === events.length - 1}
                  houses={legalChange.legislationType === 'uk_parliament_bill'}
                />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
