/**
 * A member's private feeds: an iCalendar of their deadlines and Atom feeds of what they follow,
 * per followed item and per search term, at URLs holding a secret. The secret is an HMAC of
 * APP_SECRET over the member and a random key stored for them, so the URL can be shown again
 * at any time without storing it, and a new key (regenerate) revokes every old URL at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { feedNonceOf, followedItemTitles, memberSearchTerms, saveFeedNonce } from './feeds.queries';

const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/;

function signature(appSecret: string, userId: number, nonce: string): string {
  return createHmac('sha256', appSecret).update(`feeds:${userId}:${nonce}`).digest('base64url').slice(0, 32);
}

async function nonceOf(db: Db, userId: number, create: boolean): Promise<string | null> {
  const held = await feedNonceOf(db, { userId });
  if (held || !create) return held;
  const nonce = randomBytes(16).toString('base64url');
  await saveFeedNonce(db, { userId, nonce, replace: false });
  return (await nonceOf(db, userId, false))!;
}

export async function regenerateFeedKey(db: Db, userId: number): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  await saveFeedNonce(db, { userId, nonce, replace: true });
}

/** The member a feed token names, or null when it is malformed, forged or revoked. */
export async function memberOfFeedToken(appSecret: string, db: Db, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const nonce = await nonceOf(db, userId, false);
  if (!nonce) return null;
  const expected = Buffer.from(signature(appSecret, userId, nonce));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export interface MemberFeeds {
  calendarUrl: string;
  atomUrl: string;
  items: { legalChangeId: number; title: string; url: string }[];
  terms: { id: number; term: string; url: string }[];
}

export async function memberFeeds(
  config: Config,
  appSecret: string,
  db: Db,
  userId: number,
): Promise<MemberFeeds> {
  const nonce = (await nonceOf(db, userId, true))!;
  const base = `${config.appUrl}/feeds/${userId}.${signature(appSecret, userId, nonce)}`;
  const [items, terms] = await Promise.all([
    followedItemTitles(db, { userId, limit: 200 }),
    memberSearchTerms(db, { userId, limit: 200 }),
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

export const itemUrl = (config: Config, id: number) => `${config.appUrl}/legal-change/${id}`;
