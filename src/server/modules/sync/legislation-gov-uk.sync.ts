/**
 * legislation.gov.uk, incrementally, from the Publication Log: every day from the last synced
 * day (read again: it may have grown) to today, oldest first; a first run reads the last 7
 * days. Each day's legislation and draft events are paged through, grouped by item
 * (dc:identifier), and each item's CLML metadata is fetched and stored with its timeline in
 * one transaction. The cursor moves a day at a time, once the day's items are stored.
 */
import { toLondonIso } from '#server/sources/common/uk-time';
import { UpstreamError, type UpstreamClient } from '#server/sources/http';
import {
  getItemMetadata,
  publicationLogPage,
  type ItemMetadata,
} from '#server/sources/legislation-gov-uk/client';
import type { FeedEntry } from '#server/sources/legislation-gov-uk/feed';
import {
  mapLegislationItem,
  mapLegislationTimeline,
  parseItemUri,
} from '#server/sources/legislation-gov-uk/mapper';
import { storedLegislationLastUpdate } from './held-items.queries';
import { readCursor, writeCursor } from './sync-cursors.queries';
import { monitoredClient } from './monitored-client';
import { recordFailure, rethrowIfUnreachable, storeItem } from './store-item';
import { nowOf, type SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

export const LEGISLATION_CURSOR = 'legislation_gov_uk';
const CONTENT_TYPES = ['legislation', 'draft'] as const;

export interface LegislationCursor {
  /** the last day whose events were all stored, 'YYYY-MM-DD' */
  lastSyncedDay: string | null;
  /** items whose metadata could not be read, with their newest event: tried again next run */
  retryItems: RetryItem[];
}

export interface RetryItem {
  identifier: string;
  entries: FeedEntry[];
}

export interface LegislationSyncOptions {
  /** days read by a first run (default 7) */
  initialDays?: number;
  /** days read by one run at most; the rest are left for the next (default 31) */
  maxDays?: number;
  maxPagesPerDay?: number;
}

export interface LegislationSyncSummary {
  dateRange: { start: string | null; end: string | null };
  days: number;
  items: number;
  more: boolean;
}

export const ukDay = (date: Date) => toLondonIso(date).slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to` inclusive, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 10_000; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The entry to map an item from: its newest event, preferring one of the XML version. */
function bestEntry(entries: FeedEntry[]): FeedEntry | null {
  const sorted = [...entries].sort((a, b) => (b.updated ?? '').localeCompare(a.updated ?? ''));
  return sorted.find((e) => e.publicationLog?.format === 'xml') ?? sorted[0] ?? null;
}

/**
 * One item: skipped when what we hold is as new as its events; else its CLML metadata is read
 * (a 404 means the item has no XML yet: the feed entry alone is used) and the item stored.
 * Answers false when it must be tried again.
 */
export async function syncLegislationItem(
  ctx: Pick<SyncContext, 'db'>,
  run: SyncRun,
  client: UpstreamClient,
  identifier: string,
  entries: FeedEntry[],
): Promise<boolean> {
  const entry = bestEntry(entries);
  const key = parseItemUri(identifier);
  const fromFeed = mapLegislationItem(entry);
  if (!key || (entry && !fromFeed)) return true; // not an item the product follows (EU-origin)
  const group = fromFeed?.category === 'primary' ? 'Primary' : 'Secondary';
  const what = { title: fromFeed?.title ?? key.path, upstreamId: fromFeed?.upstreamId ?? key.path };
  if (fromFeed && fromFeed.lastUpdatedDate) {
    const held = await storedLegislationLastUpdate(ctx.db, { upstreamId: fromFeed.upstreamId });
    if (held && held.getTime() >= Date.parse(fromFeed.lastUpdatedDate)) {
      run.count(group, 'unchanged');
      return true;
    }
  }
  let metadata: ItemMetadata | null = null;
  if (key.year !== null) {
    try {
      metadata = await getItemMetadata(client, key.code, key.year, key.number);
    } catch (error) {
      rethrowIfUnreachable(error);
      const missing = error instanceof UpstreamError && error.kind === 'http_status' && error.status === 404;
      if (missing && !fromFeed) return true; // no XML and no event to map from: nothing to store
      if (!missing) {
        recordFailure(run, group, what, 'item metadata', error);
        return false;
      }
    }
  }
  let item;
  try {
    item = mapLegislationItem(entry, metadata?.metadata ?? null);
  } catch (error) {
    recordFailure(run, group, what, 'mapping', error, 'mapping');
    return true;
  }
  if (!item) return true;
  const stored = await storeItem(ctx.db, run, {
    item,
    timeline: mapLegislationTimeline(item, metadata?.metadata ?? null),
  });
  return stored !== null;
}

/** All legislation and draft events of one day, grouped by item; null when a page failed. */
async function readDay(
  run: SyncRun,
  client: UpstreamClient,
  day: string,
  maxPages: number,
): Promise<Map<string, FeedEntry[]> | null> {
  const byItem = new Map<string, FeedEntry[]>();
  for (const contentType of CONTENT_TYPES) {
    for (let page = 1; page <= maxPages;) {
      let result;
      try {
        result = await publicationLogPage(client, day, page, { contentType });
      } catch (error) {
        rethrowIfUnreachable(error);
        recordFailure(
          run,
          'Secondary',
          { title: `Publication Log ${day} (${contentType}, page ${page})` },
          'publication log page',
          error,
        );
        return null;
      }
      for (const entry of result.feed.entries) {
        const log = entry.publicationLog;
        if (
          !entry.identifier ||
          (log && (!CONTENT_TYPES.includes(log.contentType as never) || log.event === 'withdrawn'))
        )
          continue;
        byItem.set(entry.identifier, [...(byItem.get(entry.identifier) ?? []), entry]);
      }
      if (result.nextPage === null) break;
      page = result.nextPage;
    }
  }
  return byItem;
}

export async function syncLegislationGovUk(
  ctx: SyncContext,
  run: SyncRun,
  options: LegislationSyncOptions = {},
): Promise<LegislationSyncSummary> {
  const cursor = (await readCursor<LegislationCursor>(ctx.db, LEGISLATION_CURSOR)) ?? {
    lastSyncedDay: null,
    retryItems: [],
  };
  const client = monitoredClient(ctx.clients.legislation, run);
  const today = ukDay(nowOf(ctx));
  const first = cursor.lastSyncedDay ?? addDays(today, -((options.initialDays ?? 7) - 1));
  const all = daysBetween(first < today ? first : today, today);
  const days = all.slice(0, options.maxDays ?? 31);
  const retry = new Map<string, RetryItem>();
  const keepForRetry = (identifier: string, entries: FeedEntry[]) => {
    const newest = bestEntry(entries);
    retry.set(identifier, { identifier, entries: newest ? [newest] : [] });
  };
  let items = 0;

  for (const { identifier, entries } of cursor.retryItems ?? []) {
    if (!(await syncLegislationItem(ctx, run, client, identifier, entries)))
      keepForRetry(identifier, entries);
  }
  let lastSyncedDay = cursor.lastSyncedDay;
  let blocked = false;
  for (const day of days) {
    const byItem = await readDay(run, client, day, options.maxPagesPerDay ?? 200);
    if (!byItem) {
      blocked = true; // the cursor stays before this day; later days are still read
      continue;
    }
    for (const [identifier, entries] of byItem) {
      if (!(await syncLegislationItem(ctx, run, client, identifier, entries)))
        keepForRetry(identifier, entries);
      items += 1;
      if (items % 20 === 0) await run.checkpoint();
    }
    if (!blocked) lastSyncedDay = day;
    await writeCursor(ctx.db, LEGISLATION_CURSOR, {
      lastSyncedDay,
      retryItems: [...retry.values()],
    } satisfies LegislationCursor);
    await run.checkpoint();
  }
  return {
    dateRange: { start: days[0] ?? null, end: days.at(-1) ?? null },
    days: days.length,
    items,
    more: days.length < all.length,
  };
}
