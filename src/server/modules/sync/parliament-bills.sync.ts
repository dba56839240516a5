/**
 * UK Parliament bills, incrementally. The bills updated since the cursor (minus a day of
 * overlap: lastUpdate has no zone and ties) are listed newest first, then stored oldest first,
 * one bill per transaction (detail, stages → timeline, publications → documents). The cursor
 * moves to the last stored bill's lastUpdate after each batch, so a run killed half-way is
 * finished by the next one: stored bills come back unchanged, none is lost, none duplicated.
 * Bills that failed are kept in the cursor and fetched again by id next time.
 */
import { parseUkTimestamp } from '#server/sources/common/uk-time';
import type { UpstreamClient } from '#server/sources/http';
import {
  getBill,
  getBillPublications,
  getBillStages,
  listBillsUpdatedSince,
} from '#server/sources/parliament-bills/client';
import { mapBill, mapPublications, mapStages } from '#server/sources/parliament-bills/mapper';
import type { BillSummary } from '#server/sources/parliament-bills/schemas';
import { isAmendableStage, syncStageAmendments } from './amendments.sync';
import { followedBillUpstreamIds } from './held-items.queries';
import { readCursor, writeCursor } from './sync-cursors.queries';
import { monitoredClient } from './monitored-client';
import { recordFailure, rethrowIfUnreachable, storeItem } from './store-item';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

export const PARLIAMENT_CURSOR = 'parliament_bills';
export const DAY_MS = 86_400_000;

export interface BillsCursor {
  /** newest lastUpdate of the bills stored, as an ISO instant */
  highWaterMark: string | null;
  /** bills that failed: fetched again by id on the next run */
  retryBillIds: number[];
}

export interface ParliamentSyncOptions {
  overlapMs?: number;
  /** list page size */
  take?: number;
  maxPages?: number;
  /** bills stored per run; the rest are left for the next run (`more`) */
  maxBills?: number;
  checkpointEvery?: number;
}

export interface BillSyncOptions {
  /** the upstream ids of bills members follow: their amendments are synced too */
  followed: Set<string>;
  quiet?: boolean;
}

/** The list title of a bill, for the run's records when its detail could not be read. */
const titleOf = (billId: number, summary?: BillSummary) => summary?.shortTitle ?? `Bill ${billId}`;

/** Fetches, maps and stores one bill; false when it failed (recorded in the run). */
export async function syncBill(
  ctx: Pick<SyncContext, 'db'>,
  run: SyncRun,
  client: UpstreamClient,
  billId: number,
  options: BillSyncOptions,
  summary?: BillSummary,
): Promise<boolean> {
  const what = { title: titleOf(billId, summary), upstreamId: String(billId) };
  let step = 'bill detail';
  let detail, stages, publications;
  try {
    detail = await getBill(client, billId);
    step = 'bill stages';
    stages = await getBillStages(client, billId);
    step = 'bill publications';
    publications = await getBillPublications(client, billId);
  } catch (error) {
    rethrowIfUnreachable(error);
    recordFailure(run, 'Primary', what, step, error);
    return false;
  }
  let bundle;
  try {
    bundle = {
      item: mapBill(detail, stages),
      timeline: mapStages(detail, stages),
      documents: mapPublications(publications),
    };
  } catch (error) {
    recordFailure(run, 'Primary', { ...what, title: detail.shortTitle }, 'mapping', error, 'mapping');
    return false;
  }
  const stored = await storeItem(ctx.db, run, bundle, { quiet: options.quiet });
  if (!stored) return false;
  const current = detail.currentStage
    ? (stages.find((s) => s.id === detail.currentStage!.id) ?? detail.currentStage)
    : null;
  if (options.followed.has(String(billId)) && current && isAmendableStage(current)) {
    const target = { legalChangeId: stored.id, billId, title: detail.shortTitle };
    await syncStageAmendments(ctx, run, client, target, current, { quiet: options.quiet });
  }
  return true;
}

const byLastUpdate = (a: BillSummary, b: BillSummary) =>
  (parseUkTimestamp(a.lastUpdate)?.getTime() ?? 0) - (parseUkTimestamp(b.lastUpdate)?.getTime() ?? 0) ||
  a.billId - b.billId;

export interface ParliamentSyncSummary {
  listed: number;
  stored: number;
  retried: number;
  more: boolean;
  highWaterMark: string | null;
  quiet: boolean;
}

export async function syncParliamentBills(
  ctx: SyncContext,
  run: SyncRun,
  options: ParliamentSyncOptions = {},
): Promise<ParliamentSyncSummary> {
  const cursor = (await readCursor<BillsCursor>(ctx.db, PARLIAMENT_CURSOR)) ?? {
    highWaterMark: null,
    retryBillIds: [],
  };
  const client = monitoredClient(ctx.clients.parliament, run);
  // a first load is history, not news: its change events raise no alerts
  const quiet = cursor.highWaterMark === null;
  const since = cursor.highWaterMark ? new Date(cursor.highWaterMark) : null;
  const listing = await listBillsUpdatedSince(client, since, options.overlapMs ?? DAY_MS, {
    ...(options.take ? { take: options.take } : {}),
    ...(options.maxPages ? { maxPages: options.maxPages } : {}),
  });
  const queue = [...listing.bills].sort(byLastUpdate);
  const batch = queue.slice(0, options.maxBills ?? 1000);
  const more = batch.length < queue.length;
  const followed = await followedBillUpstreamIds(ctx.db);
  const failed = new Set<number>();
  const listed = new Set(queue.map((b) => b.billId));

  const retry = (cursor.retryBillIds ?? []).filter((id) => !listed.has(id));
  for (const billId of retry)
    if (!(await syncBill(ctx, run, client, billId, { followed, quiet }))) failed.add(billId);

  let mark = cursor.highWaterMark;
  const every = options.checkpointEvery ?? 20;
  for (const [index, bill] of batch.entries()) {
    if (!(await syncBill(ctx, run, client, bill.billId, { followed, quiet }, bill))) failed.add(bill.billId);
    const updated = parseUkTimestamp(bill.lastUpdate);
    if (updated && (!mark || updated.getTime() > Date.parse(mark))) mark = updated.toISOString();
    if ((index + 1) % every === 0) {
      await writeCursor(ctx.db, PARLIAMENT_CURSOR, {
        highWaterMark: mark,
        retryBillIds: [...failed],
      } satisfies BillsCursor);
      await run.checkpoint();
    }
  }
  if (!more && listing.highWaterMark && (!mark || listing.highWaterMark.getTime() > Date.parse(mark))) {
    mark = listing.highWaterMark.toISOString();
  }
  await writeCursor(ctx.db, PARLIAMENT_CURSOR, {
    highWaterMark: mark,
    retryBillIds: [...failed],
  } satisfies BillsCursor);
  return {
    listed: queue.length,
    stored: batch.length - failed.size,
    retried: retry.length,
    more,
    highWaterMark: mark,
    quiet,
  };
}

/** Followed bills, fetched again even when their lastUpdate did not move (amendments, publications). */
export async function recheckFollowedBills(
  ctx: SyncContext,
  run: SyncRun,
): Promise<{ bills: number; failed: number }> {
  const followed = await followedBillUpstreamIds(ctx.db);
  const client = monitoredClient(ctx.clients.parliament, run);
  const ids = [...followed].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  let failed = 0;
  for (const [index, billId] of ids.entries()) {
    if (!(await syncBill(ctx, run, client, billId, { followed }))) failed += 1;
    if ((index + 1) % 20 === 0) await run.checkpoint();
  }
  return { bills: ids.length, failed };
}
