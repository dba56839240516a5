/**
 * The bounded backfill of legislation.gov.uk: for each followed type, a few listing pages per
 * run (newest first), with a cursor per type. Items we already hold are left alone (the
 * Publication Log sync stores them with their full metadata); new ones are stored from the
 * listing entry. Backfilled items are history, not news: they raise no alerts.
 */
import { listingPage } from '#server/sources/legislation-gov-uk/client';
import { mapLegislationItem, mapLegislationTimeline } from '#server/sources/legislation-gov-uk/mapper';
import type { MappedLegalChange } from '#server/sources/types';
import { categoryOf, LEGISLATION_TYPES } from '#shared/legislation';
import { heldLegislationIds } from './held-items.queries';
import { readCursor, writeCursor } from './sync-cursors.queries';
import { monitoredClient } from './monitored-client';
import { groupOf, recordFailure, rethrowIfUnreachable, storeItem } from './store-item';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

/** The fifteen legislation.gov.uk types of the sixteen followed ones (bills come from Parliament). */
export const BACKFILL_TYPES = LEGISLATION_TYPES.filter((t) => t.source === 'legislation_gov_uk').map(
  (t) => t.code,
);

export interface BackfillCursor {
  nextPage: number;
  done: boolean;
  stored: number;
}

export interface BackfillOptions {
  types?: string[];
  pagesPerType?: number;
  resultsCount?: number;
  /** pages a type is backfilled to at most */
  maxPagesPerType?: number;
}

export const backfillCursorKey = (type: string) => `legislation_backfill:${type}`;

export async function backfillLegislation(ctx: SyncContext, run: SyncRun, options: BackfillOptions = {}) {
  const client = monitoredClient(ctx.clients.legislation, run);
  const summary = { pages: 0, storedSoFar: 0, typesDone: 0, more: false };
  for (const type of options.types ?? BACKFILL_TYPES) {
    const key = backfillCursorKey(type);
    const cursor = (await readCursor<BackfillCursor>(ctx.db, key)) ?? { nextPage: 1, done: false, stored: 0 };
    for (let n = 0; !cursor.done && n < (options.pagesPerType ?? 3); n += 1) {
      let page;
      try {
        page = await listingPage(client, type, {
          page: cursor.nextPage,
          resultsCount: options.resultsCount ?? 100,
          sort: 'published',
        });
      } catch (error) {
        rethrowIfUnreachable(error);
        recordFailure(
          run,
          groupOf({ category: categoryOf(type) }),
          { title: `${type} listing, page ${cursor.nextPage}` },
          'listing page',
          error,
        );
        break;
      }
      const mapped: MappedLegalChange[] = [];
      for (const entry of page.feed.entries) {
        try {
          const item = mapLegislationItem(entry);
          if (item) mapped.push(item);
        } catch (error) {
          recordFailure(run, 'Secondary', { title: entry.title ?? entry.id }, 'mapping', error, 'mapping');
        }
      }
      const held = await heldLegislationIds(ctx.db, { upstreamIds: mapped.map((i) => i.upstreamId) });
      for (const item of mapped) {
        if (held.has(item.upstreamId)) {
          run.count(groupOf(item), 'unchanged');
          continue;
        }
        held.add(item.upstreamId);
        if (await storeItem(ctx.db, run, { item, timeline: mapLegislationTimeline(item) }, { quiet: true }))
          cursor.stored += 1;
      }
      summary.pages += 1;
      cursor.done = page.nextPage === null || cursor.nextPage >= (options.maxPagesPerType ?? 200);
      cursor.nextPage += 1;
      await writeCursor(ctx.db, key, cursor);
      await run.checkpoint();
    }
    if (cursor.done) summary.typesDone += 1;
    else summary.more = true;
    summary.storedSoFar += cursor.stored;
  }
  return summary;
}
