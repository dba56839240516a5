/**
 * The Federal Register of Legislation's OData API (no key): titles whose name holds the
 * query's words, the titles made most recently, and one title by its id.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  internationalItem,
  InvalidIdentifierError,
  isoDay,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const AUSTRALIA_FRL_DEFAULTS = {
  name: 'australia_frl',
  minIntervalMs: 250,
  timeoutMs: 20_000,
  maxRetries: 2,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: 'https://api.prod.legislation.gov.au/v1',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

export const frlTitle = z
  .object({
    id: z.string(),
    name: z.string(),
    makingDate: z.string().nullish(),
    collection: z.string().nullish(),
    status: z.string().nullish(),
    isInForce: z.boolean().nullish(),
    year: z.number().int().nullish(),
    number: z.number().int().nullish(),
    statusHistory: z
      .array(z.object({ status: z.string(), start: z.string().nullish() }).passthrough())
      .nullish(),
  })
  .passthrough();
type Title = z.infer<typeof frlTitle>;
const titles = z
  .object({ '@odata.count': z.number().int().optional(), value: z.array(frlTitle) })
  .passthrough();

const TITLE_ID = /^[A-Z]\d{4}[A-Z]\d{5}$/;
const SELECT = '$select=id,name,makingDate,collection,status,isInForce,year,number';

export const frlUrl = (id: string) => `https://www.legislation.gov.au/${id}/latest/text`;
const typeOf = (t: Title) => (t.collection === 'Act' ? 'au_act' : 'au_instrument');
/** an OData string literal: quotes doubled */
const odata = (text: string) => `'${text.replace(/'/g, "''")}'`;

const COLLECTION_LABELS: Record<string, string> = {
  Act: 'Act',
  LegislativeInstrument: 'Legislative Instrument',
  NotifiableInstrument: 'Notifiable Instrument',
};

const toResult = (t: Title): SourceResult => ({
  title: t.name,
  date: isoDay(t.makingDate),
  type: COLLECTION_LABELS[t.collection ?? ''] ?? t.collection ?? 'Title',
  identifier: t.id,
  url: frlUrl(t.id),
  jurisdiction: 'Australia',
  source: 'australia',
});

/**
 * One title as the Federal Register of Legislation states it: `makingDate` is the day an Act was
 * assented to or an instrument made, and the current status is dated by the start of that status
 * in its `statusHistory` (never by the making date).
 */
export function mapFrlTitle(t: Title): InternationalBundle {
  const made = isoDay(t.makingDate);
  const act = t.collection === 'Act';
  const repealed = t.status === 'Repealed' || t.isInForce === false;
  const stage = repealed ? 'Repealed' : t.isInForce ? 'In force' : (t.status ?? null);
  const current = repealed ? 'Repealed' : t.isInForce ? 'InForce' : t.status;
  const since = [...(t.statusHistory ?? [])].reverse().find((s) => s.status === current);
  const item = internationalItem({
    source: 'australia_frl',
    upstreamId: t.id,
    title: t.name,
    legislationType: typeOf(t),
    jurisdictionId: 5,
    status: 'enacted',
    officialUrl: frlUrl(t.id),
    currentStage: stage,
    currentStageDate: stage ? isoDay(since?.start) : null,
    legislationYear: t.year ?? null,
    legislationNumber: t.number != null ? String(t.number) : t.id,
    // the key information's 'Royal Assent' (an Act) or 'Made' (an instrument)
    enactmentDate: act ? made : null,
    madeDate: act ? null : made,
  });
  const timeline = [
    timelineEvent('made', t.collection === 'Act' ? 'Assented to' : 'Made', made, 'enacted', 1, {
      sourceUrl: frlUrl(t.id),
      sourceName: 'Federal Register of Legislation',
    }),
  ];
  (t.statusHistory ?? []).forEach((s, i) => {
    if (s.status !== 'InForce' || i > 0)
      timeline.push(
        timelineEvent(
          `status:${s.status}:${isoDay(s.start) ?? i}`,
          s.status === 'Repealed' ? 'Repealed' : `Status: ${s.status}`,
          isoDay(s.start),
          s.status === 'Repealed' ? 'other' : 'effective',
          i + 2,
        ),
      );
  });
  return { item, timeline };
}

export function frlAdapter(client: UpstreamClient): SourceAdapter {
  return {
    async search(query) {
      const words = query.split(/\s+/).filter(Boolean).slice(0, 8);
      const filter = words.map((w) => `contains(name,${odata(w)})`).join(' and ');
      const page = await client.getJson(
        `/titles?$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent('makingDate desc')}&$top=20&$count=true&${SELECT}`,
        titles,
      );
      return { results: page.value.map(toResult), total: page['@odata.count'] ?? page.value.length };
    },
    async recent() {
      const filter = "collection eq 'Act' or collection eq 'LegislativeInstrument'";
      const page = await client.getJson(
        `/titles?$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent('makingDate desc')}&$top=10&${SELECT}`,
        titles,
      );
      return page.value.slice(0, 10).map(toResult);
    },
    async fetchItem(identifier) {
      const id = identifier.trim().toUpperCase();
      if (!TITLE_ID.test(id)) throw new InvalidIdentifierError(identifier, 'a title id such as C2004A03712');
      return mapFrlTitle(await client.getJson(`/titles(${odata(id)})`, frlTitle));
    },
  };
}
