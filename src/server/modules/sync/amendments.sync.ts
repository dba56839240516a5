/**
 * Amendments of UK Parliament bills: per bill stage, every page of the stage's amendments,
 * stored in one transaction per stage (keyed on amendmentId; new ones become one
 * 'amendments_added' change event).
 */
import type { UpstreamClient } from '#server/sources/http';
import { getBillStages, getStageAmendments } from '#server/sources/parliament-bills/client';
import { mapAmendments } from '#server/sources/parliament-bills/mapper';
import type { StageSummary } from '#server/sources/parliament-bills/schemas';
import { amendmentCountOf, legalChangeSourceKey } from './held-items.queries';
import { monitoredClient } from './monitored-client';
import { markEventsProcessed } from './legal-change-store.queries';
import { countAmendments, recordFailure, rethrowIfUnreachable } from './store-item';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';
import { upsertAmendments, type ChildCounts } from './upsert-children';

/** Stages at which members table amendments (committee, report, consideration of amendments, Lords third reading). */
export function isAmendableStage(stage: Pick<StageSummary, 'description' | 'house'> | null): boolean {
  if (!stage) return false;
  const name = stage.description.toLowerCase();
  if (/committee|report stage|consideration of|ping pong/.test(name)) return true;
  return stage.house === 'Lords' && /(3rd|third) reading/.test(name);
}

/** One stage: fetch all pages, store them; a failure is recorded and answered as null. */
export async function syncStageAmendments(
  ctx: Pick<SyncContext, 'db'>,
  run: SyncRun,
  client: UpstreamClient,
  target: { legalChangeId: number; billId: number; title: string },
  stage: StageSummary,
  options: { quiet?: boolean } = {},
): Promise<ChildCounts | null> {
  const what = {
    title: `${target.title}: ${stage.description} amendments`,
    upstreamId: String(target.billId),
    dbId: target.legalChangeId,
  };
  let mapped;
  try {
    mapped = mapAmendments(await getStageAmendments(client, target.billId, stage.id), stage);
  } catch (error) {
    rethrowIfUnreachable(error);
    recordFailure(run, 'Amendment', what, `stage ${stage.id} amendments`, error);
    return null;
  }
  try {
    const counts = await ctx.db.transaction(async (tx) => {
      const stored = await upsertAmendments(tx, target.legalChangeId, mapped, run.id);
      if (options.quiet) await markEventsProcessed(tx, run.id, target.legalChangeId);
      return stored;
    });
    countAmendments(run, counts);
    return counts;
  } catch (error) {
    recordFailure(run, 'Amendment', what, 'store', error, 'storage');
    return null;
  }
}

export interface BillAmendmentsResult {
  amendmentCount: number;
  newAmendments: number;
  updatedAmendments: number;
  failedStages: number;
}

export class NotAParliamentBillError extends Error {}

/** Every stage of one bill, all amendment pages of each. The item must be a UK Parliament bill. */
export async function syncBillAmendments(
  ctx: SyncContext,
  run: SyncRun,
  legalChangeId: number,
): Promise<BillAmendmentsResult> {
  const item = await legalChangeSourceKey(ctx.db, { legalChangeId });
  const billId = Number(item?.upstreamId);
  if (!item || item.source !== 'parliament_bills' || !Number.isSafeInteger(billId) || billId <= 0) {
    throw new NotAParliamentBillError('Amendments are only available for UK Parliament bills');
  }
  const client = monitoredClient(ctx.clients.parliament, run);
  const target = { legalChangeId, billId, title: item.title };
  const result: BillAmendmentsResult = {
    amendmentCount: 0,
    newAmendments: 0,
    updatedAmendments: 0,
    failedStages: 0,
  };
  let stages: StageSummary[];
  try {
    stages = await getBillStages(client, billId);
  } catch (error) {
    rethrowIfUnreachable(error);
    recordFailure(
      run,
      'Amendment',
      { title: item.title, upstreamId: item.upstreamId, dbId: legalChangeId },
      'bill stages',
      error,
    );
    result.failedStages = 1;
    stages = [];
  }
  for (const stage of stages) {
    const counts = await syncStageAmendments(ctx, run, client, target, stage);
    if (!counts) result.failedStages += 1;
    else {
      result.newAmendments += counts.added;
      result.updatedAmendments += counts.updated;
    }
  }
  result.amendmentCount = await amendmentCountOf(ctx.db, legalChangeId);
  return result;
}
