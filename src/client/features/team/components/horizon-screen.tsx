import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '#client/components/query-state';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { useHorizon } from '../api/horizon';
import { byDate, monthGrid, shiftMonth } from '../lib/calendar';
import { todayIn } from '../lib/team-filters';
import type { CurrentOrg, HorizonEvent } from '../lib/types';
import { CalendarFeed } from './calendar-feed';
import { HorizonCalendar } from './horizon-calendar';
import { OrgGate } from './org-gate';
import { TeamNav } from './team-nav';

/** /team/horizon: a month's dated events as a calendar and a list, and the calendar feed. */
export function HorizonScreen() {
  return (
    <div className="grid gap-6">
      <TeamNav />
      <OrgGate>{(org) => <Horizon org={org} />}</OrgGate>
    </div>
  );
}

function Horizon({ org }: { org: CurrentOrg }) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = todayIn(format.timeZone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const grid = monthGrid(month);
  const horizon = useHorizon(org.id, grid.from, grid.to);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2" aria-live="polite">
            {format.month(`${month}-01T12:00:00Z`)}
          </CardTitle>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setMonth(shiftMonth(month, -1))}>
              <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
              {t('team.horizon.previousMonth')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setMonth(shiftMonth(month, 1))}>
              {t('team.horizon.nextMonth')}
              <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <QueryState query={horizon}>
            {(data) => (
              <div className="grid gap-6">
                <HorizonCalendar grid={grid} events={byDate(data.events)} today={today} />
                <EventList events={data.events} />
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>
      <CalendarFeed orgId={org.id} />
    </div>
  );
}

function EventList({ events }: { events: readonly HorizonEvent[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const groups = byDate(events);
  return (
    <section aria-labelledby="horizon-list" className="grid gap-3">
      <h3 id="horizon-list" className="text-base font-semibold">
        {t('team.horizon.list')}
      </h3>
      {groups.size === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground">
          {t('team.horizon.empty')}
        </p>
      ) : (
        <dl className="grid gap-3">
          {[...groups].map(([day, dayEvents]) => (
            <div key={day} className="grid gap-1">
              <dt className="font-medium">
                <time dateTime={day}>{format.day(`${day}T12:00:00Z`)}</time>
              </dt>
              {dayEvents.map((event, index) => (
                <dd key={`${event.legalChangeId}-${event.kind}-${index}`} className="ps-4 text-sm">
                  <span className="text-muted-foreground">
                    {t(`team.kinds.${event.kind}`, { defaultValue: event.kind })}:
                  </span>{' '}
                  <Link to={`/legal-change/${event.legalChangeId}`} className="text-primary hover:underline">
                    {event.title}
                  </Link>
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
