/**
 * Changes to law in force: for every Act and instrument members follow, the effects
 * legislation.gov.uk has recorded on it since we last looked (its changes feed, newest
 * modified first). A new effect on an item we already knew the effects of is a 'law_changed'
 * change event (alerting its followers); the first read of an item stores its recent effects
 * quietly, so following an Act with two thousand recorded effects is not two thousand alerts.
 */
import type { Db } from '#server/db/client';
import { effectsPage, EFFECTS_PATH, type Effect } from '#server/sources/legislation-gov-uk/effects';
import { UpstreamError } from '#server/sources/http';
import { followedLegislationItems, heldEffectIds, upsertEffects } from './effects.queries';
import { insertChangeEvents } from './legal-change-store.queries';
import { monitoredClient } from './monitored-client';
import { saveSnapshotHash } from './upstream-snapshots.queries';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

/** marks an item whose effects were read once: later ones are news */
const CHECKED = 'effects-checked';

/** items read per run (the rest wait for the next run, oldest-checked first) */
const ITEMS_PER_RUN = 200;
/** pages read for one item when every effect on a page is new */
const MAX_PAGES = 5;

export interface EffectsSyncSummary {
  items: number;
  newEffects: number;
  failed: number;
}

/** Followed legislation.gov.uk items, those never read first. */
async function followedItems(db: Db): Promise<{ id: number; upstreamId: string; known: boolean }[]> {
  const rows = await followedLegislationItems(db, { checkedKind: CHECKED, limit: ITEMS_PER_RUN });
  return rows
    .filter((r) => EFFECTS_PATH.test(r.upstreamId))
    .sort((a, b) => Number(a.known) - Number(b.known));
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

/** Stores one page; answers the effects that were not stored before. */
async function storePage(
  db: Db,
  runId: number,
  legalChangeId: number,
  effects: Effect[],
  announce: boolean,
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
          },
          syncOperationId: runId,
        })),
      );
    }
    return fresh;
  });
}

export async function syncEffects(ctx: SyncContext, run: SyncRun): Promise<EffectsSyncSummary> {
  const client = monitoredClient(ctx.clients.legislation, run);
  const summary: EffectsSyncSummary = { items: 0, newEffects: 0, failed: 0 };
  for (const item of await followedItems(ctx.db)) {
    summary.items++;
    try {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await effectsPage(client, item.upstreamId, page);
        const fresh = await storePage(ctx.db, run.id, item.id, result.effects, item.known);
        summary.newEffects += fresh.length;
        if (fresh.length) run.count('Secondary', 'updated');
        else run.count('Secondary', 'unchanged');
        // newest modified first: a page with anything already held means we have caught up
        if (!item.known || fresh.length < result.effects.length || result.nextPage === null) break;
      }
      if (!item.known)
        await saveSnapshotHash(ctx.db, {
          source: 'legislation_gov_uk',
          kind: CHECKED,
          upstreamId: item.upstreamId,
          contentHash: 'read',
          keepExisting: true,
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
