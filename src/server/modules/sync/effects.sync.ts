/**
 * Changes to law in force: for every Act and instrument members follow, the effects
 * legislation.gov.uk has recorded on it since we last looked (its changes feed, newest
 * modified first). A new effect on an item we already knew the effects of is a 'law_changed'
 * change event (alerting its followers); the first read of an item stores its recent effects
 * quietly, so following an Act with two thousand recorded effects is not two thousand alerts.
 */
import type { Db } from '#server/db/client';
import {
  effectsPage,
  EFFECTS_CHECKED_KIND,
  EFFECTS_PATH,
  type Effect,
} from '#server/sources/legislation-gov-uk/effects';
import { UpstreamError, type UpstreamClient } from '#server/sources/http';
import { quoteEffects, type EffectQuote } from '#server/modules/redlines';
import { followedLegislationItems, heldEffectIds, upsertEffects } from './effects.queries';
import { insertChangeEvents } from './legal-change-store.queries';
import { monitoredClient } from './monitored-client';
import { saveSnapshotHash } from './upstream-snapshots.queries';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

/** marks an item whose effects were read once (later ones are news); its time is the last read */
const CHECKED = EFFECTS_CHECKED_KIND;

/** items read per run (the rest wait for the next run, oldest-checked first) */
const ITEMS_PER_RUN = 200;
/** pages read for one item when every effect on a page is new */
const MAX_PAGES = 5;

export interface EffectsSyncSummary {
  items: number;
  newEffects: number;
  failed: number;
}

export interface EffectsSyncOptions {
  /** only the followed items never read (the quiet first read a new follow asks for) */
  firstReadOnly?: boolean;
}

/** Followed legislation.gov.uk items, those never read first. */
async function followedItems(
  db: Db,
  options: EffectsSyncOptions = {},
): Promise<{ id: number; upstreamId: string; known: boolean }[]> {
  const rows = await followedLegislationItems(db, { checkedKind: CHECKED, limit: ITEMS_PER_RUN });
  return rows
    .filter((r) => EFFECTS_PATH.test(r.upstreamId) && !(options.firstReadOnly && r.known))
    .sort((a, b) => Number(a.known) - Number(b.known));
}

/** Whether a followed item waits for its first read (a new follow's job runs only then). */
export async function hasUnreadFollowedItems(db: Db): Promise<boolean> {
  return (await followedItems(db, { firstReadOnly: true })).length > 0;
}

const rowOf = (legalChangeId: number, e: Effect) => ({
  legalChangeId,
  effectId: e.effectId,
  type: e.type,
  affectedProvisions: e.affectedProvisions,
  affectingUri: e.affectingUri,
  affectingTitle: e.affectingTitle,
  affectingProvisions: e.affectingProvisions,
  applied: e.applied,
  requiresApplied: e.requiresApplied,
  inForceDate: e.inForceDate,
  modifiedAt: e.modified ? new Date(e.modified) : null,
});

/** Quotes of the effects on a page that are not held yet. */
async function quotesOf(
  ctx: SyncContext,
  client: UpstreamClient,
  item: { id: number; upstreamId: string },
  effects: Effect[],
): Promise<Map<string, EffectQuote>> {
  const known = await ctx.db.transaction((tx) =>
    heldEffectIds(tx, {
      legalChangeId: item.id,
      effectIds: effects.map((e) => e.effectId),
    }),
  );
  const deps = { db: ctx.db, client, log: ctx.log, ...(ctx.now ? { now: ctx.now } : {}) };
  return quoteEffects(
    deps,
    item,
    effects.filter((e) => !known.has(e.effectId)),
  );
}

/** Stores one page; answers the effects that were not stored before. */
async function storePage(
  db: Db,
  runId: number,
  legalChangeId: number,
  effects: Effect[],
  announce: boolean,
  quotes: Map<string, EffectQuote> = new Map(),
): Promise<Effect[]> {
  if (!effects.length) return [];
  return db.transaction(async (tx) => {
    const known = await heldEffectIds(tx, { legalChangeId, effectIds: effects.map((e) => e.effectId) });
    const fresh = effects.filter((e) => !known.has(e.effectId));
    await upsertEffects(
      tx,
      effects.map((e) => rowOf(legalChangeId, e)),
    );
    if (announce && fresh.length) {
      await insertChangeEvents(
        tx,
        fresh.map((e) => ({
          legalChangeId,
          kind: 'law_changed' as const,
          after: {
            effectId: e.effectId,
            type: e.type,
            affectedProvisions: e.affectedProvisions,
            affectingTitle: e.affectingTitle,
            affectingUri: e.affectingUri,
            inForceDate: e.inForceDate,
            ...(quotes.has(e.effectId) ? { quote: quotes.get(e.effectId) } : {}),
          },
          syncOperationId: runId,
        })),
      );
    }
    return fresh;
  });
}

export async function syncEffects(
  ctx: SyncContext,
  run: SyncRun,
  options: EffectsSyncOptions = {},
): Promise<EffectsSyncSummary> {
  const client = monitoredClient(ctx.clients.legislation, run);
  const summary: EffectsSyncSummary = { items: 0, newEffects: 0, failed: 0 };
  for (const item of await followedItems(ctx.db, options)) {
    summary.items++;
    try {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await effectsPage(client, item.upstreamId, page);
        // the words a new effect changed, quoted by its alert (read before the page is stored)
        const quotes = item.known ? await quotesOf(ctx, client, item, result.effects) : undefined;
        const fresh = await storePage(ctx.db, run.id, item.id, result.effects, item.known, quotes);
        summary.newEffects += fresh.length;
        if (fresh.length) run.count('Secondary', 'updated');
        else run.count('Secondary', 'unchanged');
        // newest modified first: a page with anything already held means we have caught up
        if (!item.known || fresh.length < result.effects.length || result.nextPage === null) break;
      }
      // every successful read moves the item's "last checked" time (the Effects section shows it)
      await saveSnapshotHash(ctx.db, {
        source: 'legislation_gov_uk',
        kind: CHECKED,
        upstreamId: item.upstreamId,
        contentHash: 'read',
      });
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'network') throw error;
      summary.failed++;
      run.recordFailed('Secondary', {
        title: item.upstreamId,
        dbId: item.id,
        billId: item.upstreamId,
        failurePoint: 'effects feed',
        errorType: error instanceof UpstreamError ? error.kind : 'mapping',
        errorMessage: error instanceof Error ? error.message.slice(0, 500) : String(error),
        retryAttempts: error instanceof UpstreamError ? error.attempts : 0,
      });
    }
  }
  return summary;
}
