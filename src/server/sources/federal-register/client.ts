/**
 * The US Federal Register API (no key): rules and proposed rules by term, the newest
 * published, and one document by its document number. Responses carry display names in
 * `type` ("Rule", "Proposed Rule") while filters take codes (RULE, PRORULE).
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  internationalItem,
  InvalidIdentifierError,
  isoDay,
  stageText,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const FEDERAL_REGISTER_CLIENT_DEFAULTS = {
  name: 'federal_register',
  minIntervalMs: 200,
  timeoutMs: 15_000,
  maxRetries: 2,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: 'https://www.federalregister.gov/api/v1',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

const agency = z.object({ name: z.string().nullish(), raw_name: z.string().nullish() }).passthrough();

const listDocument = z
  .object({
    title: z.string(),
    type: z.string().nullish(),
    abstract: z.string().nullish(),
    document_number: z.string(),
    html_url: z.string().nullish(),
    publication_date: z.string().nullish(),
    agencies: z.array(agency).nullish(),
  })
  .passthrough();

/** zero hits: only `description` and `count`, no `results` key */
const documentsPage = z
  .object({ count: z.number().int(), results: z.array(listDocument).optional() })
  .passthrough();

const fullDocument = listDocument.extend({
  action: z.string().nullish(),
  effective_on: z.string().nullish(),
  comments_close_on: z.string().nullish(),
  citation: z.string().nullish(),
  dates: z.string().nullish(),
  signing_date: z.string().nullish(),
});
type FullDocument = z.infer<typeof fullDocument>;

const TYPE_CODES: Record<string, string> = {
  Rule: 'us_rule',
  'Proposed Rule': 'us_proposed_rule',
  Notice: 'us_notice',
  'Presidential Document': 'us_presidential_document',
};

const DOCUMENT_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,40}$/i;
const RULE_TYPES = 'conditions[type][]=RULE&conditions[type][]=PRORULE';

function toResult(doc: z.infer<typeof listDocument>): SourceResult {
  return {
    title: doc.title,
    date: isoDay(doc.publication_date),
    type: doc.type ?? 'Document',
    identifier: doc.document_number,
    url: doc.html_url ?? null,
    jurisdiction: 'United States',
    source: 'us-federal-register',
  };
}

/**
 * One document as the Federal Register states it: `publication_date` is the day it was published
 * (never an adoption: `signing_date` is the signature, often null), `effective_on` the rule's
 * effective date, `comments_close_on` the end of the comment period. The agencies are named as
 * the source names them (the source's 'agencies', not departments), with no type it does not give.
 */
export function mapFederalRegisterDocument(doc: FullDocument): InternationalBundle {
  const legislationType = TYPE_CODES[doc.type ?? ''] ?? 'us_notice';
  const published = isoDay(doc.publication_date);
  const effective = isoDay(doc.effective_on);
  const commentsClose = isoDay(doc.comments_close_on);
  const agencies = (doc.agencies ?? []).map((a) => a.name ?? a.raw_name).filter(Boolean) as string[];
  const proposed = legislationType === 'us_proposed_rule';
  const item = internationalItem({
    source: 'federal_register',
    upstreamId: doc.document_number,
    title: doc.title,
    description: doc.abstract ?? null,
    legislationType,
    jurisdictionId: 3,
    status: proposed ? (commentsClose ? 'consultation' : 'proposed') : 'enacted',
    officialUrl: doc.html_url ?? null,
    governmentBodyName: agencies.join('; ') || null,
    currentStage: stageText(doc.action),
    currentStageDate: published,
    legislationNumber: doc.citation ?? null,
    legislationYear: published ? Number(published.slice(0, 4)) : null,
    // the key information's 'Published' date (src/shared/key-information.ts)
    proposedDate: published,
    consultationEndDate: commentsClose,
    effectiveDate: effective,
  });
  const timeline = [
    timelineEvent(
      'published',
      `Published in the Federal Register${doc.citation ? ` (${doc.citation})` : ''}`,
      published,
      proposed ? 'proposed' : 'enacted',
      1,
      { sourceUrl: doc.html_url ?? null, sourceName: 'Federal Register' },
    ),
  ];
  if (commentsClose)
    timeline.push(
      timelineEvent('comments-close', 'Comment period closes', commentsClose, 'consultation_ended', 2),
    );
  if (effective) timeline.push(timelineEvent('effective', 'Takes effect', effective, 'effective', 3));
  return { item, timeline };
}

export function federalRegisterAdapter(client: UpstreamClient): SourceAdapter {
  return {
    async search(query) {
      const page = await client.getJson(
        `/documents.json?conditions[term]=${encodeURIComponent(query)}&${RULE_TYPES}&order=relevance&per_page=20`,
        documentsPage,
      );
      return { results: (page.results ?? []).map(toResult), total: page.count };
    },
    async recent() {
      const page = await client.getJson(
        `/documents.json?${RULE_TYPES}&order=newest&per_page=10`,
        documentsPage,
      );
      return (page.results ?? []).slice(0, 10).map(toResult);
    },
    async fetchItem(identifier) {
      if (!DOCUMENT_NUMBER.test(identifier))
        throw new InvalidIdentifierError(identifier, 'a Federal Register document number');
      return mapFederalRegisterDocument(await client.getJson(`/documents/${identifier}.json`, fullDocument));
    },
  };
}
