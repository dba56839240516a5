/**
 * LEGISinfo (Parliament of Canada, no key): the bills of the current session as one JSON
 * array, with their stage dates and Royal Assent. Searching and the recent Acts list read that
 * one array, kept for a few minutes, rather than asking again for every query.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  internationalItem,
  InvalidIdentifierError,
  isoDay,
  matchesWords,
  SourceItemNotFoundError,
  stageText,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { MappedTimelineEvent } from '#server/sources/types';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const LEGISINFO_CLIENT_DEFAULTS = {
  name: 'canada_legisinfo',
  minIntervalMs: 500,
  timeoutMs: 30_000,
  maxRetries: 2,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: 'https://www.parl.ca/legisinfo',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

const dateTime = z.string().nullish();
export const legisinfoBill = z
  .object({
    BillId: z.number().int(),
    BillNumberFormatted: z.string(),
    LongTitleEn: z.string(),
    ShortTitleEn: z.string().nullish(),
    ParlSessionCode: z.string(),
    BillTypeEn: z.string().nullish(),
    CurrentStatusEn: z.string().nullish(),
    SponsorEn: z.string().nullish(),
    LatestActivityEn: z.string().nullish(),
    LatestActivityDateTime: dateTime,
    PassedHouseFirstReadingDateTime: dateTime,
    PassedHouseSecondReadingDateTime: dateTime,
    PassedHouseThirdReadingDateTime: dateTime,
    PassedSenateFirstReadingDateTime: dateTime,
    PassedSenateSecondReadingDateTime: dateTime,
    PassedSenateThirdReadingDateTime: dateTime,
    ReceivedRoyalAssentDateTime: dateTime,
  })
  .passthrough();
type Bill = z.infer<typeof legisinfoBill>;
const billsArray = z.array(legisinfoBill);

const KEY = /^(\d{2}-\d)\/([CS]-\d{1,4}[A-Z]?)$/i;
const CACHE_MS = 5 * 60_000;

export const legisinfoKey = (bill: Bill) => `${bill.ParlSessionCode}/${bill.BillNumberFormatted}`;
export const legisinfoUrl = (bill: Bill) =>
  `https://www.parl.ca/legisinfo/en/bill/${bill.ParlSessionCode}/${bill.BillNumberFormatted.toLowerCase()}`;

const titleOf = (bill: Bill) => bill.ShortTitleEn?.trim() || bill.LongTitleEn.trim();
const enacted = (bill: Bill) => Boolean(bill.ReceivedRoyalAssentDateTime);

const toResult = (bill: Bill): SourceResult => ({
  title: titleOf(bill),
  date: isoDay(bill.ReceivedRoyalAssentDateTime ?? bill.LatestActivityDateTime),
  type: enacted(bill) ? `Act (Bill ${bill.BillNumberFormatted})` : `Bill ${bill.BillNumberFormatted}`,
  identifier: legisinfoKey(bill),
  url: legisinfoUrl(bill),
  jurisdiction: 'Canada',
  source: 'canada',
});

const STAGES: [keyof Bill, string, string][] = [
  ['PassedHouseFirstReadingDateTime', 'First reading in the House of Commons', 'House of Commons'],
  ['PassedHouseSecondReadingDateTime', 'Second reading in the House of Commons', 'House of Commons'],
  ['PassedHouseThirdReadingDateTime', 'Third reading in the House of Commons', 'House of Commons'],
  ['PassedSenateFirstReadingDateTime', 'First reading in the Senate', 'Senate'],
  ['PassedSenateSecondReadingDateTime', 'Second reading in the Senate', 'Senate'],
  ['PassedSenateThirdReadingDateTime', 'Third reading in the Senate', 'Senate'],
  ['ReceivedRoyalAssentDateTime', 'Royal Assent', 'Senate'],
];

/**
 * One bill as LEGISinfo states it: the short title only where it gives one, Royal Assent on its
 * day, the latest activity as the current status (not as a time the record was updated), and the
 * sponsor (a Member or Senator, not an organisation) named on the bill's first reading.
 */
export function mapLegisinfoBill(bill: Bill): InternationalBundle {
  const assent = isoDay(bill.ReceivedRoyalAssentDateTime);
  const item = internationalItem({
    source: 'canada_legisinfo',
    upstreamId: legisinfoKey(bill),
    title: titleOf(bill),
    longTitle: bill.LongTitleEn.trim(),
    legislationType: 'ca_bill',
    jurisdictionId: 4,
    status: assent ? 'enacted' : 'active',
    officialUrl: legisinfoUrl(bill),
    parliamentarySession: bill.ParlSessionCode,
    currentStage: stageText(bill.CurrentStatusEn),
    currentStageDate: isoDay(bill.LatestActivityDateTime),
    shortName: bill.ShortTitleEn?.trim() || null,
    legislationNumber: bill.BillNumberFormatted,
    procedureName: bill.BillTypeEn ?? null,
    // the key information's 'Royal Assent' (src/shared/key-information.ts)
    enactmentDate: assent,
  });
  const sponsor = bill.SponsorEn?.trim();
  const timeline: MappedTimelineEvent[] = [];
  STAGES.forEach(([field, title, house], i) => {
    const date = isoDay(bill[field] as string | null | undefined);
    if (date)
      timeline.push(
        timelineEvent(
          String(field),
          title,
          date,
          field === 'ReceivedRoyalAssentDateTime' ? 'enacted' : 'other',
          i + 1,
          {
            house,
            sourceUrl: legisinfoUrl(bill),
            sourceName: 'LEGISinfo',
          },
        ),
      );
  });
  const introduction = timeline
    .filter((e) => e.upstreamId.endsWith('FirstReadingDateTime'))
    .sort((a, b) => (a.eventDate ?? '').localeCompare(b.eventDate ?? ''))[0];
  if (introduction && sponsor) introduction.description = `Sponsor: ${sponsor}`;
  return { item, timeline };
}

const newestFirst = (a: Bill, b: Bill) =>
  Date.parse(b.LatestActivityDateTime ?? '') - Date.parse(a.LatestActivityDateTime ?? '') || 0;

export function legisinfoAdapter(client: UpstreamClient, options: { session?: string } = {}): SourceAdapter {
  let cached: { at: number; bills: Bill[] } | null = null;
  const bills = async (): Promise<Bill[]> => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.bills;
    const query = options.session ? `?parlsession=${encodeURIComponent(options.session)}` : '';
    const list = await client.getJson(`/en/bills/json${query}`, billsArray);
    cached = { at: Date.now(), bills: list };
    return list;
  };
  return {
    async search(query) {
      const hits = (await bills())
        .filter((b) => matchesWords(query, b.LongTitleEn, b.ShortTitleEn, b.BillNumberFormatted))
        .sort(newestFirst);
      return { results: hits.slice(0, 20).map(toResult), total: hits.length };
    },
    async recent() {
      const all = await bills();
      // Acts first (Royal Assent, newest), then the bills that moved most recently
      const acts = all
        .filter(enacted)
        .sort(
          (a, b) =>
            Date.parse(b.ReceivedRoyalAssentDateTime ?? '') - Date.parse(a.ReceivedRoyalAssentDateTime ?? ''),
        );
      const rest = all.filter((b) => !enacted(b)).sort(newestFirst);
      return [...acts, ...rest].slice(0, 10).map(toResult);
    },
    async fetchItem(identifier) {
      const match = KEY.exec(identifier.trim());
      if (!match) throw new InvalidIdentifierError(identifier, 'a bill key such as 45-1/C-8');
      const bill = (await bills()).find(
        (b) => legisinfoKey(b).toLowerCase() === identifier.trim().toLowerCase(),
      );
      if (!bill) throw new SourceItemNotFoundError(identifier);
      return mapLegisinfoBill(bill);
    },
  };
}
