/**
 * A member's private feeds: an iCalendar of their deadlines and Atom feeds of what they follow,
 * per followed item and per search term, at URLs holding a secret. The secret is an HMAC of
 * APP_SECRET over the member and a random key stored for them, so the URL can be shown again
 * at any time without storing it, and a new key (regenerate) revokes every old URL at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import {
  legalChangeEffects,
  legalChanges,
  notifications,
  searchTerms,
  timelineEvents,
  userActions,
  userFeedKeys,
  users,
} from '#server/db/schema';
import { loadSecrets } from '#server/lib/secrets';
import { atomFeed, type AtomEntry } from './atom';

const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/;
const ENTRY_LIMIT = 50;

function signature(config: Config, userId: number, nonce: string): string {
  return createHmac('sha256', loadSecrets(config).appSecret)
    .update(`feeds:${userId}:${nonce}`)
    .digest('base64url')
    .slice(0, 32);
}

async function nonceOf(db: Db, userId: number, create: boolean): Promise<string | null> {
  const [row] = await db
    .select({ nonce: userFeedKeys.nonce })
    .from(userFeedKeys)
    .where(eq(userFeedKeys.userId, userId));
  if (row || !create) return row?.nonce ?? null;
  const nonce = randomBytes(16).toString('base64url');
  await db.insert(userFeedKeys).values({ userId, nonce }).onConflictDoNothing();
  return (await nonceOf(db, userId, false))!;
}

export async function regenerateFeedKey(db: Db, userId: number): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  await db
    .insert(userFeedKeys)
    .values({ userId, nonce })
    .onConflictDoUpdate({ target: userFeedKeys.userId, set: { nonce, createdAt: new Date() } });
}

/** The member a feed token names, or null when it is malformed, forged or revoked. */
export async function memberOfFeedToken(config: Config, db: Db, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const nonce = await nonceOf(db, userId, false);
  if (!nonce) return null;
  const expected = Buffer.from(signature(config, userId, nonce));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export interface MemberFeeds {
  calendarUrl: string;
  atomUrl: string;
  items: { legalChangeId: number; title: string; url: string }[];
  terms: { id: number; term: string; url: string }[];
}

export async function memberFeeds(config: Config, db: Db, userId: number): Promise<MemberFeeds> {
  const nonce = (await nonceOf(db, userId, true))!;
  const base = `${config.appUrl}/feeds/${userId}.${signature(config, userId, nonce)}`;
  const [items, terms] = await Promise.all([
    db
      .select({ id: legalChanges.id, title: legalChanges.title })
      .from(userActions)
      .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
      .where(and(eq(userActions.userId, userId), eq(userActions.action, 'followed')))
      .orderBy(desc(userActions.createdAt))
      .limit(200),
    db
      .select({ id: searchTerms.id, term: searchTerms.searchTerm })
      .from(searchTerms)
      .where(eq(searchTerms.userId, userId))
      .orderBy(searchTerms.id)
      .limit(200),
  ]);
  return {
    calendarUrl: `${base}/calendar.ics`,
    atomUrl: `${base}/atom.xml`,
    items: items.map((i) => ({ legalChangeId: i.id, title: i.title, url: `${base}/items/${i.id}.xml` })),
    terms: terms.map((t) => ({ id: t.id, term: t.term, url: `${base}/terms/${t.id}.xml` })),
  };
}

export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const itemUrl = (config: Config, id: number) => `${config.appUrl}/legal-change/${id}`;
const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- iCalendar

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
  const followed = db
    .select({ id: userActions.legalChangeId })
    .from(userActions)
    .where(and(eq(userActions.userId, userId), eq(userActions.action, 'followed')));
  const [member, items, effects, stages] = await Promise.all([
    db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)),
    db
      .select({
        id: legalChanges.id,
        title: legalChanges.title,
        consultationEndDate: legalChanges.consultationEndDate,
        effectiveDate: legalChanges.effectiveDate,
      })
      .from(legalChanges)
      .where(
        and(
          inArray(legalChanges.id, followed),
          or(
            and(gte(legalChanges.consultationEndDate, from), lte(legalChanges.consultationEndDate, to)),
            and(gte(legalChanges.effectiveDate, from), lte(legalChanges.effectiveDate, to)),
          ),
        ),
      ),
    db
      .select({
        id: legalChangeEffects.id,
        legalChangeId: legalChangeEffects.legalChangeId,
        title: legalChanges.title,
        type: legalChangeEffects.type,
        provisions: legalChangeEffects.affectedProvisions,
        by: legalChangeEffects.affectingTitle,
        date: legalChangeEffects.inForceDate,
      })
      .from(legalChangeEffects)
      .innerJoin(legalChanges, eq(legalChanges.id, legalChangeEffects.legalChangeId))
      .where(
        and(
          inArray(legalChangeEffects.legalChangeId, followed),
          gte(legalChangeEffects.inForceDate, from),
          lte(legalChangeEffects.inForceDate, to),
        ),
      )
      .limit(500),
    db
      .select({
        id: timelineEvents.id,
        legalChangeId: timelineEvents.legalChangeId,
        title: legalChanges.title,
        stage: timelineEvents.title,
        date: timelineEvents.eventDate,
      })
      .from(timelineEvents)
      .innerJoin(legalChanges, eq(legalChanges.id, timelineEvents.legalChangeId))
      .where(
        and(
          inArray(timelineEvents.legalChangeId, followed),
          isNotNull(timelineEvents.eventDate),
          gte(timelineEvents.eventDate, addDays(0)),
          lte(timelineEvents.eventDate, to),
        ),
      )
      .limit(500),
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
  const timezone = member[0]?.timezone ?? 'Europe/London';
  const host = new URL(config.appUrl).hostname;
  const calendar = icalGenerator({
    name: 'Lexwatch deadlines',
    description: 'Deadlines and commencement dates of the legislation you follow',
    timezone,
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

// ---------------------------------------------------------------- Atom

export async function everythingFeed(
  config: Config,
  db: Db,
  userId: number,
  selfUrl: string,
): Promise<string> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(ENTRY_LIMIT);
  const entries: AtomEntry[] = rows.map((n) => ({
    id: `tag:${new URL(config.appUrl).hostname},2026:notification:${n.id}`,
    title: n.title,
    updated: n.createdAt,
    summary: n.message,
    link: n.legislationId ? itemUrl(config, n.legislationId) : `${config.appUrl}/`,
  }));
  return atomFeed({
    id: `tag:${new URL(config.appUrl).hostname},2026:feed:${userId}:all`,
    title: 'Lexwatch: everything you follow',
    selfUrl,
    alternateUrl: `${config.appUrl}/`,
    entries,
  });
}

/** An item's stages and recorded changes, newest first; null when there is no such item. */
export async function itemFeed(
  config: Config,
  db: Db,
  legalChangeId: number,
  selfUrl: string,
): Promise<string | null> {
  const [item] = await db
    .select({ id: legalChanges.id, title: legalChanges.title, updatedAt: legalChanges.updatedAt })
    .from(legalChanges)
    .where(eq(legalChanges.id, legalChangeId));
  if (!item) return null;
  const host = new URL(config.appUrl).hostname;
  const [stages, effects] = await Promise.all([
    db
      .select()
      .from(timelineEvents)
      .where(eq(timelineEvents.legalChangeId, legalChangeId))
      .orderBy(desc(timelineEvents.eventDate), desc(timelineEvents.id))
      .limit(ENTRY_LIMIT),
    db
      .select()
      .from(legalChangeEffects)
      .where(eq(legalChangeEffects.legalChangeId, legalChangeId))
      .orderBy(desc(legalChangeEffects.modifiedAt))
      .limit(ENTRY_LIMIT),
  ]);
  const entries: AtomEntry[] = [
    ...stages.map((s) => ({
      id: `tag:${host},2026:timeline:${s.id}`,
      title: s.title,
      updated: s.eventDate ? new Date(`${s.eventDate}T00:00:00Z`) : s.createdAt,
      summary: s.description ?? `${s.title}: ${item.title}`,
      link: `${itemUrl(config, item.id)}?tab=timeline`,
    })),
    ...effects.map((e) => ({
      id: `tag:${host},2026:effect:${e.id}`,
      title: `${e.affectedProvisions ? `${e.affectedProvisions} ` : ''}${e.type}`,
      updated: e.modifiedAt ?? e.createdAt,
      summary: e.affectingTitle
        ? `By ${e.affectingTitle}${e.affectingProvisions ? ` (${e.affectingProvisions})` : ''}.`
        : e.type,
      link: itemUrl(config, item.id),
    })),
  ]
    .sort((a, b) => b.updated.getTime() - a.updated.getTime())
    .slice(0, ENTRY_LIMIT);
  return atomFeed({
    id: `tag:${host},2026:item:${item.id}`,
    title: `Lexwatch: ${item.title}`,
    selfUrl,
    alternateUrl: itemUrl(config, item.id),
    entries,
    fallbackUpdated: item.updatedAt,
  });
}

/** The newest items matching one of the member's search terms; null when it is not theirs. */
export async function termFeed(
  config: Config,
  db: Db,
  userId: number,
  termId: number,
  selfUrl: string,
): Promise<string | null> {
  const [term] = await db
    .select()
    .from(searchTerms)
    .where(and(eq(searchTerms.id, termId), eq(searchTerms.userId, userId)));
  if (!term) return null;
  const host = new URL(config.appUrl).hostname;
  const rows = await db
    .select({
      id: legalChanges.id,
      title: legalChanges.title,
      description: legalChanges.description,
      updatedAt: legalChanges.updatedAt,
    })
    .from(legalChanges)
    .where(sql`${legalChanges.search} @@ websearch_to_tsquery('english', ${term.searchTerm})`)
    .orderBy(desc(legalChanges.itemDate), desc(legalChanges.id))
    .limit(ENTRY_LIMIT);
  return atomFeed({
    id: `tag:${host},2026:term:${term.id}`,
    title: `Lexwatch: “${term.searchTerm}”`,
    selfUrl,
    alternateUrl: `${config.appUrl}/preferences`,
    entries: rows.map((r) => ({
      id: `tag:${host},2026:item:${r.id}`,
      title: r.title,
      updated: r.updatedAt,
      summary: r.description ?? r.title,
      link: itemUrl(config, r.id),
    })),
  });
}
