/**
 * A member's Atom feeds: everything they are told about, one followed item's stages and
 * recorded changes, and the newest items matching one of their search terms.
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { atomFeed, type AtomEntry } from './atom';
import {
  feedItem,
  itemsMatching,
  latestEffects,
  latestNotifications,
  latestTimelineEvents,
  memberSearchTerm,
} from './feeds.queries';
import { itemUrl } from './feeds.service';

const ENTRY_LIMIT = 50;

export async function everythingFeed(
  config: Config,
  db: Db,
  userId: number,
  selfUrl: string,
): Promise<string> {
  const rows = await latestNotifications(db, { userId, limit: ENTRY_LIMIT });
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
  const item = await feedItem(db, { legalChangeId });
  if (!item) return null;
  const host = new URL(config.appUrl).hostname;
  const [stages, effects] = await Promise.all([
    latestTimelineEvents(db, { legalChangeId, limit: ENTRY_LIMIT }),
    latestEffects(db, { legalChangeId, limit: ENTRY_LIMIT }),
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
  const term = await memberSearchTerm(db, { userId, termId });
  if (!term) return null;
  const host = new URL(config.appUrl).hostname;
  const rows = await itemsMatching(db, { term: term.searchTerm, limit: ENTRY_LIMIT });
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
