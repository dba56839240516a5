/**
 * Calls to legislation.gov.uk: Publication Log pages (the incremental sync feed), per-type
 * listings and item metadata (CLML).
 */
import { UpstreamError, type UpstreamClient, type UpstreamClientOptions } from '#server/sources/http';
import { parseClmlMetadata, type ClmlMetadata } from './clml';
import { nextPageNumber, parseFeed, withPage, type Feed } from './feed';

export const LEGISLATION_BASE_URL = 'https://www.legislation.gov.uk';
/** legislation.gov.uk asks for a 5-minute pause after a 403/429 */
export const LEGISLATION_RATE_LIMIT_BACKOFF_MS = 5 * 60_000;

/** Client settings within the fair-use limit (≤ 1 request/second per deployment). */
export const LEGISLATION_CLIENT_DEFAULTS = {
  name: 'legislation_gov_uk',
  minIntervalMs: 1000,
  timeoutMs: 30_000,
  maxRetries: 3,
  rateLimitBackoffMs: LEGISLATION_RATE_LIMIT_BACKOFF_MS,
  canonicalBaseUrl: LEGISLATION_BASE_URL,
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

export interface FeedPage {
  /** the path requested (page parameter included) */
  path: string;
  feed: Feed;
  /** the page to ask for next, or null on the last page */
  nextPage: number | null;
  /** the upstream redirected to its HTML search page: the previous page was the last */
  pastLastPage: boolean;
}

export async function fetchFeedPage(client: UpstreamClient, path: string): Promise<FeedPage> {
  try {
    const { data, url } = await client.getXml(path);
    const feed = parseFeed(data, url);
    return { path, feed, nextPage: nextPageNumber(feed), pastLastPage: false };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== 'past_last_page') throw error;
    const page = Number(/[?&]page=(\d+)/.exec(path)?.[1] ?? 1);
    const feed: Feed = {
      id: null,
      title: null,
      updated: null,
      totalResults: null,
      itemsPerPage: null,
      page,
      morePages: 0,
      links: [],
      entries: [],
    };
    return { path, feed, nextPage: null, pastLastPage: true };
  }
}

/**
 * 'YYYY-MM-DD' of a real calendar day. The Publication Log answers an impossible date
 * (2019-02-30) with the entire unfiltered log, so this is checked before any request.
 */
export function assertFeedDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return date;
}

function assertPage(page: number): number {
  if (!Number.isSafeInteger(page) || page < 1)
    throw new RangeError(`page must be a positive integer, got ${page}`);
  return page;
}

export interface PublicationLogOptions {
  contentType?: 'legislation' | 'draft';
  /** only items published for the first time (`new=true`) */
  newOnly?: boolean;
}

/** One page (20 events) of `/update/{date}[/{contentType}]/data.feed`, newest first. */
export async function publicationLogPage(
  client: UpstreamClient,
  date: string,
  page: number,
  options: PublicationLogOptions = {},
): Promise<FeedPage> {
  const segments = ['update', assertFeedDate(date), options.contentType].filter(Boolean).join('/');
  const query = [options.newOnly ? 'new=true' : null, 'sort=date', 'sortorder=descending']
    .filter(Boolean)
    .join('&');
  return fetchFeedPage(client, withPage(`/${segments}/data.feed?${query}`, assertPage(page)));
}

export type ListingSort = 'published' | 'modified' | 'created' | 'title' | 'type';

export interface ListingOptions {
  year?: number;
  page?: number;
  /** 1–500, default 20 */
  resultsCount?: number;
  /** feeds default to `modified`: always sent explicitly; default `published` */
  sort?: ListingSort;
}

/** One page of `/{type}[/{year}]/data.feed`; type may join several with '+' (`uksi+nisr`). */
export async function listingPage(
  client: UpstreamClient,
  type: string,
  options: ListingOptions = {},
): Promise<FeedPage> {
  if (!/^[a-z]+(\+[a-z]+)*$/.test(type)) throw new RangeError(`Not a legislation type: ${type}`);
  const year = options.year;
  if (year !== undefined && !(Number.isInteger(year) && year >= 1000 && year <= 9999)) {
    throw new RangeError(`Not a year: ${year}`);
  }
  const count = Math.min(500, Math.max(1, Math.trunc(options.resultsCount ?? 20)));
  const path = `/${type}${year !== undefined ? `/${year}` : ''}/data.feed?sort=${options.sort ?? 'published'}&results-count=${count}`;
  return fetchFeedPage(client, withPage(path, assertPage(options.page ?? 1)));
}

export interface ItemMetadata {
  /** where the CLML came from after redirects (unrevised SIs 307 to `/made/data.xml`) */
  url: string;
  metadata: ClmlMetadata;
}

/** CLML metadata of one item: `/{type}/{year}/{number}/data.xml` (drafts: number = ISBN). */
export async function getItemMetadata(
  client: UpstreamClient,
  type: string,
  year: number,
  number: string | number,
): Promise<ItemMetadata> {
  const id = String(number);
  if (!/^[a-z]+$/.test(type) || !Number.isInteger(year) || !/^[0-9A-Za-z-]+$/.test(id)) {
    throw new RangeError(`Not a legislation item: ${type}/${year}/${id}`);
  }
  const { data, url } = await client.getXml(`/${type}/${year}/${id}/data.xml`);
  return { url, metadata: parseClmlMetadata(data, url) };
}
