/**
 * A member's iCalendar of deadlines: consultation ends, commencement dates, in-force dates of
 * recorded changes and scheduled stages of what they follow.
 */
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { followedEffectDates, followedItemDates, followedStageDates, memberTimezone } from './feeds.queries';
import { itemUrl } from './feeds.service';
import { DAY_MS } from '#shared/time';

const addDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

interface Deadline {
  uid: string;
  date: string;
  summary: string;
  description: string;
  legalChangeId: number;
}

/** Consultation ends, commencement dates, in-force dates of changes and scheduled stages, 90 days back to 2 years ahead. */
export async function calendarFor(config: Config, db: Db, userId: number): Promise<string> {
  const from = addDays(-90);
  const to = addDays(730);
  const [timezone, items, effects, stages] = await Promise.all([
    memberTimezone(db, { userId }),
    followedItemDates(db, { userId, from, to }),
    followedEffectDates(db, { userId, from, to, limit: 500 }),
    followedStageDates(db, { userId, from: addDays(0), to, limit: 500 }),
  ]);
  const deadlines: Deadline[] = [];
  for (const i of items) {
    if (i.consultationEndDate && i.consultationEndDate >= from && i.consultationEndDate <= to)
      deadlines.push({
        uid: `consultation-${i.id}`,
        date: i.consultationEndDate,
        summary: `Consultation closes: ${i.title}`,
        description: 'The last day to respond to the consultation.',
        legalChangeId: i.id,
      });
    if (i.effectiveDate && i.effectiveDate >= from && i.effectiveDate <= to)
      deadlines.push({
        uid: `in-force-${i.id}`,
        date: i.effectiveDate,
        summary: `Comes into force: ${i.title}`,
        description: 'The date it takes effect.',
        legalChangeId: i.id,
      });
  }
  for (const e of effects)
    deadlines.push({
      uid: `effect-${e.id}`,
      date: e.date!,
      summary: `In force: ${e.provisions ? `${e.provisions} ` : ''}${e.type} (${e.title})`,
      description: e.by ? `By ${e.by}.` : 'A recorded change comes into force.',
      legalChangeId: e.legalChangeId,
    });
  for (const s of stages)
    deadlines.push({
      uid: `stage-${s.id}`,
      date: s.date!,
      summary: `${s.stage}: ${s.title}`,
      description: 'A scheduled stage.',
      legalChangeId: s.legalChangeId,
    });
  const host = new URL(config.appUrl).hostname;
  const calendar = icalGenerator({
    name: 'Lexwatch deadlines',
    description: 'Deadlines and commencement dates of the legislation you follow',
    timezone: timezone ?? 'Europe/London',
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Lexwatch', product: 'Deadlines', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const d of deadlines.sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid))) {
    calendar.createEvent({
      id: `${d.uid}@${host}`,
      start: new Date(`${d.date}T00:00:00Z`),
      allDay: true,
      summary: d.summary,
      description: `${d.description}\n${itemUrl(config, d.legalChangeId)}`,
      url: itemUrl(config, d.legalChangeId),
      stamp: new Date(`${d.date}T00:00:00Z`),
    });
  }
  return calendar.toString();
}
