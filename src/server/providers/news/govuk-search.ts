/**
 * News and guidance from the GOV.UK Search API (`GET {GOVUK_API_URL}/search.json`). The API
 * answers 422 to any parameter it does not know, so only documented ones are sent.
 */
import { z } from 'zod';
import type { UpstreamClient } from '#server/sources/http';
import type { NewsProvider, RawArticle } from './types';

export const GOVUK_SITE = 'https://www.gov.uk';
const GOVUK_FAVICON = `${GOVUK_SITE}/favicon.ico`;
const RESULT_COUNT = 20;
const FIELDS = 'title,description,link,public_timestamp,organisations,format';

/** Formats that are pages about an organisation or a topic, not news about an item. */
const NOT_NEWS = new Set([
  'organisation',
  'person',
  'ministerial_role',
  'topic',
  'taxon',
  'finder',
  'mainstream_browse_page',
  'world_location',
  'topical_event',
  'policy_area',
]);

const organisationSchema = z.union([
  z.string(),
  z.object({ title: z.string().nullish(), acronym: z.string().nullish() }),
]);

const searchResultSchema = z.object({
  title: z.string().nullish(),
  description: z.string().nullish(),
  link: z.string().nullish(),
  public_timestamp: z.string().nullish(),
  organisations: z.array(organisationSchema).nullish(),
  format: z.string().nullish(),
});

export const govukSearchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  total: z.number().nullish(),
  start: z.number().nullish(),
});
export type GovukSearchResult = z.infer<typeof searchResultSchema>;

/** The path of the search request: every parameter documented by the Search API. */
export function govukSearchPath(query: string): string {
  const params = new URLSearchParams({
    q: query,
    count: String(RESULT_COUNT),
    order: '-public_timestamp',
    fields: FIELDS,
  });
  return `/search.json?${params.toString()}`;
}

function organisationName(result: GovukSearchResult): string {
  const first = result.organisations?.[0];
  if (!first) return 'GOV.UK';
  if (typeof first === 'string') return 'GOV.UK';
  return first.title?.trim() || first.acronym?.trim() || 'GOV.UK';
}

function articleUrl(link: string): string | null {
  try {
    const url = new URL(link, GOVUK_SITE);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function publishedDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function mapGovukResult(result: GovukSearchResult, provider: string): RawArticle | null {
  const title = result.title?.trim();
  const url = result.link ? articleUrl(result.link) : null;
  if (!title || !url || (result.format && NOT_NEWS.has(result.format))) return null;
  return {
    url,
    title,
    summary: result.description?.trim() || null,
    source: organisationName(result),
    publishedDate: publishedDate(result.public_timestamp),
    favicon: GOVUK_FAVICON,
    provider,
    official: false,
  };
}

export function createGovukSearchProvider(client: UpstreamClient): NewsProvider {
  const name = 'govuk-search';
  return {
    name,
    label: 'GOV.UK search',
    appliesTo: () => true,
    async search(_item, query) {
      const body = await client.getJson(govukSearchPath(query), govukSearchResponseSchema);
      return body.results
        .map((result) => mapGovukResult(result, name))
        .filter((a): a is RawArticle => a !== null);
    },
  };
}
