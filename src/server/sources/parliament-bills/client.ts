/**
 * Calls to the UK Parliament Bills API. Every list endpoint is paged with Skip/Take and
 * `{ items, totalResults, itemsPerPage }`; nested lists (stages, amendments) are paged too.
 */
import type { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  amendmentSearchItemSchema,
  billDetailSchema,
  billPublicationsSchema,
  billSummarySchema,
  newsArticleSchema,
  pageOf,
  stageSummarySchema,
  type AmendmentSearchItem,
  type BillDetail,
  type BillPublications,
  type BillSummary,
  type NewsArticle,
  type StageSummary,
} from './schemas';
import { parseUkTimestamp } from '#server/sources/common/uk-time';

export const PARLIAMENT_BILLS_BASE_URL = 'https://bills-api.parliament.uk/api/v1';

/** No rate limit is documented; pace politely anyway. */
export const PARLIAMENT_BILLS_CLIENT_DEFAULTS = {
  name: 'parliament_bills',
  minIntervalMs: 250,
  timeoutMs: 20_000,
  maxRetries: 3,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: PARLIAMENT_BILLS_BASE_URL,
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

const DEFAULT_TAKE = 50;
const MAX_PAGES = 500;

function assertId(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${what} must be a positive integer, got ${value}`);
  return value;
}

/** Reads every page of a Skip/Take list until an empty page or Skip reaches totalResults. */
export async function fetchAllPages<T extends z.ZodType>(
  client: UpstreamClient,
  path: string,
  itemSchema: T,
  take = DEFAULT_TAKE,
): Promise<z.output<T>[]> {
  const items: z.output<T>[] = [];
  const separator = path.includes('?') ? '&' : '?';
  for (let skip = 0, pages = 0; pages < MAX_PAGES; skip += take, pages += 1) {
    const page = await client.getJson(`${path}${separator}Skip=${skip}&Take=${take}`, pageOf(itemSchema));
    items.push(...(page.items as z.output<T>[]));
    if (page.items.length === 0 || skip + take >= page.totalResults) break;
  }
  return items;
}

export interface BillsUpdatedSince {
  /** one summary per bill, newest update first */
  bills: BillSummary[];
  /** newest lastUpdate seen (or the previous mark when nothing newer came back) */
  highWaterMark: Date | null;
  pagesRead: number;
}

/**
 * Walks `GET /Bills?SortOrder=DateUpdatedDescending` page by page and stops at the first bill
 * updated before (since − overlap). The overlap re-reads a window because `lastUpdate` has no
 * zone and can tie. With `since` null every page is read.
 */
export async function listBillsUpdatedSince(
  client: UpstreamClient,
  since: Date | null,
  overlapMs: number,
  options: { take?: number; maxPages?: number } = {},
): Promise<BillsUpdatedSince> {
  const take = options.take ?? DEFAULT_TAKE;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const cutoff = since ? since.getTime() - overlapMs : null;
  let highWaterMark = since;
  const bills = new Map<number, BillSummary>();
  let pagesRead = 0;
  for (let skip = 0; pagesRead < maxPages; skip += take) {
    const page = await client.getJson(
      `/Bills?SortOrder=DateUpdatedDescending&Skip=${skip}&Take=${take}`,
      pageOf(billSummarySchema),
    );
    pagesRead += 1;
    let pastCursor = false;
    for (const bill of page.items) {
      const updated = parseUkTimestamp(bill.lastUpdate);
      if (cutoff !== null && updated && updated.getTime() < cutoff) {
        pastCursor = true;
        continue;
      }
      if (!bills.has(bill.billId)) bills.set(bill.billId, bill);
      if (updated && (!highWaterMark || updated > highWaterMark)) highWaterMark = updated;
    }
    if (pastCursor || page.items.length === 0 || skip + take >= page.totalResults) break;
  }
  return { bills: [...bills.values()], highWaterMark, pagesRead };
}

export async function getBill(client: UpstreamClient, billId: number): Promise<BillDetail> {
  return client.getJson(`/Bills/${assertId(billId, 'billId')}`, billDetailSchema);
}

export async function getBillStages(client: UpstreamClient, billId: number): Promise<StageSummary[]> {
  return fetchAllPages(client, `/Bills/${assertId(billId, 'billId')}/Stages`, stageSummarySchema);
}

export async function getStageAmendments(
  client: UpstreamClient,
  billId: number,
  billStageId: number,
): Promise<AmendmentSearchItem[]> {
  const path = `/Bills/${assertId(billId, 'billId')}/Stages/${assertId(billStageId, 'billStageId')}/Amendments`;
  return fetchAllPages(client, path, amendmentSearchItemSchema);
}

export async function getBillPublications(client: UpstreamClient, billId: number): Promise<BillPublications> {
  return client.getJson(`/Bills/${assertId(billId, 'billId')}/Publications`, billPublicationsSchema);
}

export async function getBillNewsArticles(client: UpstreamClient, billId: number): Promise<NewsArticle[]> {
  return fetchAllPages(client, `/Bills/${assertId(billId, 'billId')}/NewsArticles`, newsArticleSchema);
}
