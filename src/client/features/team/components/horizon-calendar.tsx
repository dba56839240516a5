import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import type { MonthGrid } from '../lib/calendar';
import type { HorizonEvent } from '../lib/types';

/** A week's day names from Monday, in the interface language (2 Jan 2023 was a Monday). */
function weekdays(locale: string, style: 'short' | 'long'): string[] {
  const name = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => name.format(new Date(Date.UTC(2023, 0, 2 + i))));
}

/** The month as a table of weeks; each day names its events (a count on a phone). */
export function HorizonCalendar({
  grid,
  events,
  today,
}: {
  grid: MonthGrid;
  events: Map<string, HorizonEvent[]>;
  today: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const short = weekdays(format.locale, 'short');
  const long = weekdays(format.locale, 'long');
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{t('team.horizon.calendar')}</caption>
      <thead>
        <tr>
          {short.map((day, i) => (
            <th
              key={day}
              scope="col"
              abbr={long[i]}
              className="p-1 text-center text-xs font-medium text-muted-foreground"
            >
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              const dayEvents = day ? (events.get(day) ?? []) : [];
              return (
                <td
                  key={day ?? `blank-${w}-${d}`}
                  className={cn(
                    'h-16 border p-1 align-top sm:h-24',
                    !day && 'bg-muted/40',
                    day === today && 'bg-accent',
                  )}
                >
                  {day && (
                    <div className="grid gap-0.5">
                      <span className="text-xs font-medium tabular-nums">{Number(day.slice(8))}</span>
                      {dayEvents.length > 0 && (
                        <>
                          <span className="sr-only">
                            {t('team.horizon.eventsOn', {
                              count: dayEvents.length,
                              date: format.date(`${day}T12:00:00Z`),
                            })}
                          </span>
                          <span
                            aria-hidden="true"
                            className="inline-flex w-fit rounded-full bg-primary px-1.5 text-xs text-primary-foreground sm:hidden"
                          >
                            {dayEvents.length}
                          </span>
                          {dayEvents.slice(0, 2).map((event, i) => (
                            <span
                              key={i}
                              aria-hidden="true"
                              dir="auto"
                              className="hidden truncate rounded bg-primary/10 px-1 text-xs sm:block"
                              title={event.title}
                            >
                              {event.title}
                            </span>
                          ))}
                          {dayEvents.length > 2 && (
                            <span
                              aria-hidden="true"
                              className="hidden text-xs text-muted-foreground sm:block"
                            >
                              +{dayEvents.length - 2}
                            </span>
                          )}
                        </>
                      )}
                    </div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
