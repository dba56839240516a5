/**
 * Scottish Parliament bills. The API has no change signal: the whole collections are read,
 * each bill's rows (the bill, its stages and the names of their stage types, the sessions) are
 * hashed and diffed against upstream_snapshots, and only new or changed bills are mapped and
 * stored, with their stages as timeline events. A bill's hash is written in the transaction
 * that stores it, so a run killed half-way leaves the rest to the next run.
 */
import { z } from 'zod';
import type { UpstreamClient } from '#server/sources/http';
import {
  mapScottishBill,
  mapScottishBillStages,
  stagesByBill,
} from '#server/sources/scottish-parliament/mapper';
import {
  scottishBillSchema,
  scottishBillStageSchema,
  scottishBillStageTypeSchema,
  scottishSessionSchema,
} from '#server/sources/scottish-parliament/schemas';
import { diffSnapshots, rowHash } from '#server/sources/scottish-parliament/snapshot';
import { monitoredClient } from './monitored-client';
import { deleteSnapshots, saveSnapshotHash, snapshotHashes } from './upstream-snapshots.queries';
import { recordFailure, storeItem } from './store-item';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';

const SOURCE = 'scottish_parliament';
const KIND = 'bill';
const anyRows = z.array(z.unknown());

/** One collection, each row checked on its own: a malformed row is recorded and left out. */
async function collection<S extends z.ZodType>(
  run: SyncRun,
  client: UpstreamClient,
  path: string,
  schema: S,
  label: string,
) {
  const rows: z.output<S>[] = [];
  for (const [index, raw] of (await client.getJson(path, anyRows)).entries()) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else {
      const id = (raw as { ID?: unknown } | null)?.ID;
      const message = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`)
        .join('; ');
      run.recordFailed('Primary', {
        title: `${label} ${id ?? `row ${index + 1}`}`,
        dbId: null,
        billId: id === undefined ? null : String(id),
        errorType: 'schema_mismatch',
        errorMessage: `unexpected row in ${path}: ${message}`,
        failurePoint: path,
        retryAttempts: 0,
      });
    }
  }
  return rows;
}

export async function syncScottishParliament(ctx: SyncContext, run: SyncRun) {
  const client = monitoredClient(ctx.clients.scottish, run);
  const bills = await collection(run, client, '/bills', scottishBillSchema, 'Bill');
  const stages = await collection(run, client, '/billstages', scottishBillStageSchema, 'Bill stage');
  const stageTypes = await collection(
    run,
    client,
    '/billstagetypes',
    scottishBillStageTypeSchema,
    'Bill stage type',
  );
  const sessions = await collection(run, client, '/sessions', scottishSessionSchema, 'Session');

  const grouped = stagesByBill(stages);
  const typeNames = new Map(stageTypes.map((t) => [t.ID, t]));
  const hashOf = (bill: (typeof bills)[number]) => {
    const own = [...(grouped.get(bill.ID) ?? [])].sort((a, b) => a.ID - b.ID);
    const types = [...new Set(own.map((s) => s.BillStageTypeID))]
      .sort((a, b) => a - b)
      .map((id) => typeNames.get(id) ?? id);
    return rowHash({ bill, stages: own, types, sessions });
  };
  const next = new Map(bills.map((bill) => [String(bill.ID), hashOf(bill)]));
  const diff = diffSnapshots(await snapshotHashes(ctx.db, { source: SOURCE, kind: KIND }), next);
  run.count('Primary', 'unchanged', diff.unchanged);

  const byId = new Map(bills.map((bill) => [String(bill.ID), bill]));
  const quiet = diff.unchanged + diff.changed.length === 0; // the first load is history, not news
  for (const [index, id] of [...diff.added, ...diff.changed].entries()) {
    const bill = byId.get(id)!;
    const context = { stages: grouped.get(bill.ID) ?? [], stageTypes, sessions };
    let bundle;
    try {
      bundle = { item: mapScottishBill(bill, context), timeline: mapScottishBillStages(bill, context) };
    } catch (error) {
      recordFailure(
        run,
        'Primary',
        { title: bill.ShortName ?? `Bill ${id}`, upstreamId: id },
        'mapping',
        error,
        'mapping',
      );
      continue;
    }
    const contentHash = next.get(id)!;
    await storeItem(ctx.db, run, bundle, {
      quiet,
      alsoWrite: async (tx) => {
        await saveSnapshotHash(tx, { source: SOURCE, kind: KIND, upstreamId: id, contentHash });
      },
    });
    if ((index + 1) % 20 === 0) await run.checkpoint();
  }
  if (diff.removed.length) {
    await deleteSnapshots(ctx.db, { source: SOURCE, kind: KIND, upstreamIds: diff.removed });
  }
  return {
    bills: bills.length,
    added: diff.added.length,
    changed: diff.changed.length,
    removed: diff.removed.length,
    unchanged: diff.unchanged,
    quiet,
  };
}
