/**
 * Congress.gov API v3 (key required, sent as the X-Api-Key header so it never appears in a
 * logged URL): the most recently updated bills, searched by title, and one bill by
 * congress/type/number. The API has no title search, so a search reads the newest 250.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  internationalItem,
  InvalidIdentifierError,
  isoDay,
  matchesWords,
  stageText,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const CONGRESS_CLIENT_DEFAULTS = {
  name: 'congress_gov',
  minIntervalMs: 750, // 5,000 requests an hour
  timeoutMs: 20_000,
  maxRetries: 2,
  rateLimitBackoffMs: 5 * 60_000,
  canonicalBaseUrl: 'https://api.congress.gov/v3',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

const latestAction = z.object({ actionDate: z.string().nullish(), text: z.string().nullish() }).nullish();

const listBill = z
  .object({
    congress: z.number().int(),
    type: z.string(),
    number: z.string(),
    title: z.string(),
    originChamber: z.string().nullish(),
    introducedDate: z.string().nullish(),
    updateDate: z.string().nullish(),
    latestAction,
  })
  .passthrough();
const billList = z.object({ bills: z.array(listBill) }).passthrough();

const billDetail = z.object({
  bill: listBill.extend({
    legislationUrl: z.string().nullish(),
    policyArea: z.object({ name: z.string() }).nullish(),
    sponsors: z.array(z.object({ fullName: z.string().nullish() }).passthrough()).nullish(),
    laws: z.array(z.object({ number: z.string(), type: z.string() }).passthrough()).nullish(),
  }),
});
type BillDetail = z.infer<typeof billDetail>['bill'];

const BILL_KEY = /^(\d{2,3})-(hr|s|hjres|sjres|hconres|sconres|hres|sres)-(\d{1,5})$/;
const CHAMBER_PATHS: Record<string, string> = {
  hr: 'house-bill',
  s: 'senate-bill',
  hjres: 'house-joint-resolution',
  sjres: 'senate-joint-resolution',
  hconres: 'house-concurrent-resolution',
  sconres: 'senate-concurrent-resolution',
  hres: 'house-resolution',
  sres: 'senate-resolution',
};

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

export const billKey = (bill: { congress: number; type: string; number: string }) =>
  `${bill.congress}-${bill.type.toLowerCase()}-${bill.number}`;

export function congressBillUrl(bill: { congress: number; type: string; number: string }): string {
  const path = CHAMBER_PATHS[bill.type.toLowerCase()] ?? 'house-bill';
  return `https://www.congress.gov/bill/${ordinal(bill.congress)}-congress/${path}/${bill.number}`;
}

function toResult(bill: z.infer<typeof listBill>): SourceResult {
  return {
    title: bill.title,
    date: isoDay(bill.latestAction?.actionDate ?? bill.updateDate),
    type: `${bill.type} ${bill.number} (${ordinal(bill.congress)} Congress)`,
    identifier: billKey(bill),
    url: congressBillUrl(bill),
    jurisdiction: 'United States',
    source: 'us-congress',
  };
}

const BECAME_LAW = /^became (?:public|private) law\b/i;

/** 'Rep. Arrington, Jodey C. [R-TX-19]' and any others, as Congress.gov names its sponsors */
const sponsorsOf = (bill: BillDetail) =>
  (bill.sponsors ?? [])
    .map((s) => s.fullName?.trim())
    .filter(Boolean)
    .join('; ');

/**
 * One bill as Congress.gov states it: `introducedDate` is the day it was introduced in its chamber
 * of origin (`originChamber`, never its current chamber); a bill with `laws` became law, and its
 * `latestAction` ('Became Public Law No: 119-21.') is dated the day it did. Its sponsors are
 * Members of Congress, named on the introduction, not an organisation. A bill has no short title
 * unless the source gives one, so none is made up from its number.
 */
export function mapCongressBill(bill: BillDetail): InternationalBundle {
  const enacted = (bill.laws ?? []).length > 0;
  const actionDate = isoDay(bill.latestAction?.actionDate);
  const action = stageText(bill.latestAction?.text);
  // the day it became law is the date of that action, when it is the latest one
  const becameLaw = enacted && action && BECAME_LAW.test(action) ? actionDate : null;
  const introduced = isoDay(bill.introducedDate);
  const origin = bill.originChamber?.trim() || null;
  const sponsors = sponsorsOf(bill);
  const item = internationalItem({
    source: 'congress_gov',
    upstreamId: billKey(bill),
    title: bill.title,
    legislationType: 'us_bill',
    jurisdictionId: 3,
    status: enacted ? 'enacted' : 'active',
    officialUrl: bill.legislationUrl ?? congressBillUrl(bill),
    parliamentarySession: `${ordinal(bill.congress)} Congress`,
    currentStage: action,
    currentStageDate: actionDate,
    legislationNumber: `${bill.type} ${bill.number}`,
    subject: bill.policyArea?.name ?? null,
    // the key information's 'Introduced' and 'Became law' dates (src/shared/key-information.ts)
    proposedDate: introduced,
    enactmentDate: becameLaw,
    lastUpdatedDate: bill.updateDate && bill.updateDate.includes('T') ? bill.updateDate : null,
  });
  const timeline = [];
  if (introduced)
    timeline.push(
      timelineEvent(
        'introduced',
        origin ? `Introduced in the ${origin}` : 'Introduced',
        introduced,
        'proposed',
        1,
        { house: origin, description: sponsors ? `Sponsor: ${sponsors}` : null },
      ),
    );
  if (action)
    timeline.push(
      timelineEvent(
        `action:${actionDate ?? 'undated'}`,
        action,
        actionDate,
        becameLaw ? 'enacted' : 'other',
        2,
        {
          sourceUrl: item.officialUrl,
          sourceName: 'Congress.gov',
        },
      ),
    );
  return { item, timeline };
}

export function congressAdapter(client: UpstreamClient): SourceAdapter {
  const newest = (limit: number) =>
    client.getJson(`/bill?sort=updateDate+desc&limit=${limit}&format=json`, billList);
  return {
    async search(query) {
      const list = await newest(250);
      const hits = list.bills.filter((b) =>
        matchesWords(query, b.title, `${b.type} ${b.number}`, `${b.type}${b.number}`),
      );
      return { results: hits.slice(0, 20).map(toResult), total: hits.length };
    },
    async recent() {
      return (await newest(10)).bills.slice(0, 10).map(toResult);
    },
    async fetchItem(identifier) {
      const match = BILL_KEY.exec(identifier.toLowerCase());
      if (!match) throw new InvalidIdentifierError(identifier, 'a bill key such as 119-hr-1');
      const [, congress, type, number] = match;
      const detail = await client.getJson(`/bill/${congress}/${type}/${number}?format=json`, billDetail);
      return mapCongressBill(detail.bill);
    },
  };
}
