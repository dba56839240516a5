/**
 * The team's calendar: the horizon as iCalendar at a secret URL. The token is an HMAC of
 * APP_SECRET over the organisation and a random key stored for it (the token itself is never
 * stored), as the member feeds do (modules/feeds).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import { roleOrNotFound, type OrgContext } from './access';
import { ensureFeedNonce, feedNonceOfOrg, orgById } from './orgs.queries';
import { horizonEvents, isoDay } from './team-list.service';

const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/;

const signature = (appSecret: string, orgId: number, nonce: string) =>
  createHmac('sha256', appSecret).update(`org-feeds:${orgId}:${nonce}`).digest('base64url').slice(0, 32);

export async function teamFeeds(ctx: OrgContext, userId: number, orgId: number) {
  await roleOrNotFound(ctx.db, orgId, userId);
  const nonce = await ensureFeedNonce(ctx.db, { orgId, nonce: randomBytes(16).toString('base64url') });
  return {
    calendarUrl: `${ctx.config.appUrl}/feeds/orgs/${orgId}.${signature(ctx.appSecret, orgId, nonce)}/calendar.ics`,
  };
}

/** The organisation a calendar token names, or null when it is malformed or forged. */
export async function orgOfFeedToken(ctx: OrgContext, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const orgId = Number(match[1]);
  const nonce = await feedNonceOfOrg(ctx.db, { orgId });
  if (!nonce) return null;
  const expected = Buffer.from(signature(ctx.appSecret, orgId, nonce));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? orgId : null;
}

const SUMMARY = {
  consultation_end: 'Consultation closes',
  commencement: 'Comes into force',
  effect_in_force: 'Change in force',
  stage: 'Scheduled stage',
  assessment_due: 'Assessment due',
} as const;

/** The horizon from 90 days back to two years ahead, as all-day events. */
export async function teamCalendar(ctx: OrgContext, orgId: number): Promise<string> {
  const org = (await orgById(ctx.db, { orgId }))!;
  const events = await horizonEvents(ctx, orgId, isoDay(-90), isoDay(730));
  const host = new URL(ctx.config.appUrl).hostname;
  const calendar = icalGenerator({
    name: `${org.name}: Lexwatch horizon`,
    description: `Deadlines, commencement dates and assessment due dates of ${org.name}'s watchlist`,
    timezone: 'Europe/London',
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Lexwatch', product: 'Team horizon', language: 'EN' },
    ttl: 60 * 60,
  });
  events.forEach((e, i) => {
    const url = `${ctx.config.appUrl}/legal-change/${e.legalChangeId}`;
    calendar.createEvent({
      id: `org-${orgId}-${e.kind}-${e.legalChangeId}-${e.date}-${i}@${host}`,
      start: new Date(`${e.date}T00:00:00Z`),
      allDay: true,
      summary: `${SUMMARY[e.kind]}: ${e.title}`,
      description: url,
      url,
      stamp: new Date(`${e.date}T00:00:00Z`),
    });
  });
  return calendar.toString();
}
