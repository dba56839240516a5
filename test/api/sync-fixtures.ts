/**
 * The ingestion tests' upstream world: the recorded responses of test/fixtures/sources served by
 * the replay server as the real endpoints would serve them, and a sync context whose real
 * clients point at it (no pacing, short timeouts and back-off).
 *
 * The Bills API list is the recorded 20-bill page, re-sorted newest first as
 * `SortOrder=DateUpdatedDescending` answers. Only bill 2818's detail and stages were recorded:
 * the other bills' details are their list items with the detail-only fields empty, and their
 * stages are their recorded current stage. Bill 2818's publications are the recorded
 * publications of bill 512 (the only publications recorded).
 */
import type { Db } from '#server/db/client';
import {
  createSyncClients,
  type SyncClientOverrides,
  type SyncContext,
} from '#server/modules/sync/sync-context';
import { testConfig } from '#test/support/build-test-app';
import type { ReplayServer } from '#test/support/replay-server';
import { fixtureJson, fixturePath } from '#test/fixtures/sources/load';

export type RawBill = Record<string, unknown> & {
  billId: number;
  lastUpdate: string;
  currentStage: Record<string, unknown> | null;
};

export const FAST_CLIENTS: SyncClientOverrides = {
  all: {
    minIntervalMs: 0,
    timeoutMs: 1500,
    maxRetries: 1,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    rateLimitBackoffMs: 50,
    maxRetryAfterMs: 5000,
  },
};

export function upstreamEnv(replay: ReplayServer): Record<string, string> {
  return {
    PARLIAMENT_BILLS_API_URL: `${replay.url}/api/v1`,
    LEGISLATION_API_URL: replay.url,
    SCOTTISH_PARLIAMENT_API_URL: `${replay.url}/api`,
  };
}

const quiet = { info() {}, warn() {}, error() {} };

export function syncContext(
  db: Db,
  replay: ReplayServer,
  opts: { now?: Date; clients?: SyncClientOverrides } = {},
): SyncContext {
  const clients = createSyncClients(testConfig(upstreamEnv(replay)), opts.clients ?? FAST_CLIENTS);
  return { db, log: quiet, clients, ...(opts.now ? { now: () => opts.now! } : {}) };
}

/** The recorded list's bills, newest update first. */
export function recordedBills(): RawBill[] {
  const page = fixtureJson<{ items: RawBill[] }>('parliament-bills', 'bills-list.json');
  return [...page.items].sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate));
}

export function detailOf(bill: RawBill): RawBill {
  if (bill.billId === 2818) return { ...fixtureJson<RawBill>('parliament-bills', 'bill-2818.json'), ...bill };
  return {
    ...bill,
    longTitle: null,
    summary: null,
    sponsors: [],
    promoters: [],
    petitioningPeriod: null,
    petitionInformation: null,
  };
}

export function stagesOf(bill: RawBill): unknown[] {
  if (bill.billId === 2818)
    return fixtureJson<{ items: unknown[] }>('parliament-bills', 'bill-2818-stages.json').items;
  return bill.currentStage ? [bill.currentStage] : [];
}

const page = (items: unknown[]) => ({
  items,
  totalResults: items.length,
  itemsPerPage: Math.max(items.length, 20),
});

/** The list pages (Skip/Take) and every bill's detail, stages and publications. */
export function serveBills(
  replay: ReplayServer,
  bills: RawBill[],
  opts: { take?: number; details?: (bill: RawBill) => RawBill } = {},
): void {
  const take = opts.take ?? 50;
  for (let skip = 0; skip === 0 || skip < bills.length; skip += take) {
    replay.route({
      path: '/api/v1/Bills',
      query: { SortOrder: 'DateUpdatedDescending', Skip: skip, Take: take },
      body: { items: bills.slice(skip, skip + take), totalResults: bills.length, itemsPerPage: take },
    });
  }
  for (const bill of bills)
    serveBill(replay, opts.details ? opts.details(bill) : detailOf(bill), stagesOf(bill));
}

export function serveBill(replay: ReplayServer, detail: RawBill, stages: unknown[]): void {
  const id = detail.billId;
  replay.route({ path: `/api/v1/Bills/${id}`, body: detail });
  replay.route({ path: `/api/v1/Bills/${id}/Stages`, body: page(stages) });
  const publications =
    id === 2818
      ? {
          billId: 2818,
          publications: fixtureJson<{ publications: unknown[] }>(
            'parliament-bills',
            'bill-512-publications.json',
          ).publications,
        }
      : { billId: id, publications: [] };
  replay.route({ path: `/api/v1/Bills/${id}/Publications`, body: publications });
}

/** The recorded amendment search items (a bare array when recorded) as the paged endpoint answers. */
export function serveAmendments(
  replay: ReplayServer,
  billId: number,
  billStageId: number,
  items?: unknown[],
): void {
  const recorded =
    items ?? fixtureJson<unknown[]>('parliament-bills', 'amendments-items-bill-3786-stage-20099.json');
  const rekeyed = recorded.map((a) => ({ ...(a as object), billId, billStageId }));
  replay.route({ path: `/api/v1/Bills/${billId}/Stages/${billStageId}/Amendments`, body: page(rekeyed) });
}

export const legislationFixture = (name: string) => fixturePath('legislation-gov-uk', name);
export const scottishFixture = (name: string) => fixturePath('scottish-parliament', name);

/** A Publication Log path as the client asks for it. */
export const logPath = (day: string, contentType: 'legislation' | 'draft', page = 1) =>
  `/update/${day}/${contentType}/data.feed?sort=date&sortorder=descending${page > 1 ? `&page=${page}` : ''}`;

/** Every day of `days` answers an empty Publication Log unless a route for it is added later. */
export function serveEmptyLog(replay: ReplayServer, days: string[]): void {
  const empty = legislationFixture('publication-log-2026-09-24-changes-primary-empty.feed.xml');
  for (const day of days)
    for (const type of ['legislation', 'draft'] as const)
      replay.route({ path: `/update/${day}/${type}/data.feed`, bodyFile: empty });
}

export function serveScottish(
  replay: ReplayServer,
  overrides: Partial<Record<'bills' | 'billstages' | 'billstagetypes' | 'sessions', unknown>> = {},
): void {
  for (const name of ['bills', 'billstages', 'billstagetypes', 'sessions'] as const) {
    const body = overrides[name];
    if (body === undefined)
      replay.route({
        path: `/api/${name}`,
        bodyFile: scottishFixture(`${name}.json`),
        contentType: 'application/octet-stream',
      });
    else replay.route({ path: `/api/${name}`, body: body as object });
  }
}
