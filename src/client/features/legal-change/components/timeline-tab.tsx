import { Download, RefreshCw } from 'lucide-react';
import { timelineDotColour, timelineHouseBadge } from '#shared/legal-change-display';
import type { LegalChange } from '#shared/schemas/legal-changes';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import type { useCreateTimeline } from '../api/create-timeline';
import { useTimeline } from '../api/get-timeline';
import { DOT_CLASSES } from '../lib/colours';
import { ExternalLink, SectionError, SectionLoading } from './section-states';

const EVENT_TYPES = [
  'proposed',
  'consultation_started',
  'consultation_ended',
  'enacted',
  'effective',
  'amended',
] as const;
type KnownEventType = (typeof EVENT_TYPES)[number] | 'other';

function eventTypeKey(eventType: string): KnownEventType {
  return (EVENT_TYPES as readonly string[]).includes(eventType) ? (eventType as KnownEventType) : 'other';
}

function TimelineItem({ event, last }: { event: TimelineEvent; last: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const house = timelineHouseBadge(event.title);
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
          <h3 className="text-sm font-semibold">{event.title}</h3>
          <Badge variant="outline">{t(`legalChange.timeline.house.${house}`)}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">
          <span className="font-medium">
            {t(`legalChange.timeline.eventType.${eventTypeKey(event.eventType)}`)}
          </span>
          <span aria-hidden="true"> · </span>
          {event.eventDate
            ? format.date(event.eventDate) || t('legalChange.invalidDate')
            : t('legalChange.timeline.dateTbc')}
        </p>
        {event.description && (
          <p className="text-sm leading-relaxed text-muted-foreground">{event.description}</p>
        )}
        {event.sourceUrl && (
          <ExternalLink
            href={event.sourceUrl}
            className="w-fit text-sm text-primary underline-offset-4 hover:underline"
          >
            {event.sourceName
              ? t('legalChange.timeline.source', { name: event.sourceName })
              : t('legalChange.timeline.sourceFallback')}
          </ExternalLink>
        )}
      </div>
    </li>
  );
}

/** The Timeline tab: the bill overview and its parliamentary journey, newest first. */
export function TimelineTab({
  legalChange,
  create,
}: {
  legalChange: LegalChange;
  create: ReturnType<typeof useCreateTimeline>;
}) {
  const { t } = useTranslation();
  const timeline = useTimeline(legalChange.id);
  const events = timeline.data ?? [];
  const purpose = legalChange.longTitle ?? legalChange.description ?? t('legalChange.timeline.notAvailable');

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('legalChange.timeline.overviewTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium text-muted-foreground">{t('legalChange.timeline.shortTitle')}</dt>
            <dd>{legalChange.shortName ?? legalChange.title}</dd>
            <dt className="font-medium text-muted-foreground">{t('legalChange.timeline.jurisdiction')}</dt>
            <dd>{t('legalChange.timeline.ukParliament')}</dd>
            <dt className="font-medium text-muted-foreground">{t('legalChange.timeline.purpose')}</dt>
            <dd className="leading-relaxed">{purpose}</dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">{t('legalChange.timeline.journeyTitle')}</CardTitle>
          <div className="flex flex-wrap gap-2">
            {timeline.isSuccess && events.length === 0 && (
              <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
                {create.isPending ? <Spinner /> : <Download aria-hidden="true" />}
                {t('legalChange.timeline.load')}
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
              {t('legalChange.timeline.empty')}
            </p>
          ) : (
            <ol className="grid">
              {events.map((event, index) => (
                <TimelineItem key={event.id} event={event} last={index === events.length - 1} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
