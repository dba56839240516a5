/**
 * legislation.gov.uk feed entries (+ CLML metadata when fetched) → legal changes and their
 * timelines. The type comes from the returned DocumentMainType, never from the query: a
 * `uksi` lookup can return a Welsh SI.
 */
import { toHttpsLegislationUrl } from '#server/sources/http';
import type { MappedLegalChange, MappedTimelineEvent } from '#server/sources/types';
import { ukTimestampToIso } from '#server/sources/common/uk-time';
import { categoryOf } from '#shared/legislation';
import type { ClmlMetadata } from './clml';
import { documentTypeByCode, documentTypeByMainType, type DocumentType } from './document-types';
import type { FeedEntry } from './feed';
import { isoDate } from './xml';

const SITE = 'https://www.legislation.gov.uk';

export interface ItemKey {
  code: string;
  /** '{type}/{year}/{number}', or the regnal form '{type}/{reign}/{session}/{number}' */
  path: string;
  year: number | null;
  number: string;
}

/** Item key from an identifier or document URI (`http://www.legislation.gov.uk/id/uksi/2019/1434/regulation/2`). */
export function parseItemUri(uri: string): ItemKey | null {
  const match = /legislation\.gov\.uk\/(?:id\/)?([a-z]+)\/(.+)$/.exec(uri);
  if (!match || !documentTypeByCode(match[1]!)) return null;
  const segments = match[2]!.split(/[/?#]/);
  const regnal = !/^\d{4}$/.test(segments[0] ?? '');
  const keyParts = segments.slice(0, regnal ? 3 : 2);
  if (keyParts.length < (regnal ? 3 : 2) || keyParts.some((part) => part === '')) return null;
  return {
    code: match[1]!,
    path: [match[1]!, ...keyParts].join('/'),
    year: regnal ? null : Number(keyParts[0]),
    number: keyParts.at(-1)!,
  };
}

export const legislationUrl = (path: string) => `${SITE}/${path}`;

function typeOf(
  entry: FeedEntry | null,
  metadata: ClmlMetadata | null,
  key: ItemKey | null,
): DocumentType | undefined {
  const mainType = entry?.documentMainType ?? metadata?.mainType;
  return (
    (mainType ? documentTypeByMainType(mainType) : undefined) ??
    (key ? documentTypeByCode(key.code) : undefined)
  );
}

function supersededItem(entry: FeedEntry | null, metadata: ClmlMetadata | null): string | null {
  const uri = entry?.supersedes[0] ?? metadata?.supersedes[0] ?? null;
  if (!uri) return null;
  return parseItemUri(uri)?.path ?? toHttpsLegislationUrl(uri);
}

/**
 * One legal change from a feed entry and/or the item's CLML metadata. Null when the item is of
 * a type the product does not follow (EU-origin) or cannot be identified.
 */
export function mapLegislationItem(
  entry: FeedEntry | null,
  metadata: ClmlMetadata | null = null,
): MappedLegalChange | null {
  const uri =
    entry?.identifier ??
    (entry?.id.includes('/id/') ? entry.id : null) ??
    metadata?.idUri ??
    metadata?.documentUri;
  const parsed = uri ? parseItemUri(uri) : null;
  const docType = typeOf(entry, metadata, parsed);
  if (!docType?.followed || !parsed) return null;
  const isDraft = docType.kind === 'draft' || metadata?.documentStatus === 'draft';
  const isAct = docType.kind === 'act';
  const isbn = entry?.isbn ?? metadata?.isbn ?? null;
  const number = entry?.number ?? metadata?.number ?? (isDraft ? isbn : null) ?? parsed.number;
  const year = entry?.year ?? metadata?.year ?? parsed.year;
  // the key follows the returned type: a uksi query answered by a wsi is filed as wsi/…
  const path = parsed.path.replace(/^[a-z]+/, docType.code);
  const created = entry?.creationDate ?? null;
  const madeDate = !isAct && !isDraft ? (metadata?.madeDate ?? created) : null;
  // only Acts receive Royal Assent: an instrument is made (its madeDate), never enacted
  const enactmentDate = isAct ? (metadata?.enactmentDate ?? created) : null;
  const effectiveDates = (metadata?.comingIntoForce ?? [])
    .map((c) => c.date)
    .filter((d): d is string => d !== null)
    .sort();
  const laidDates = (metadata?.laid ?? []).map((l) => l.date).sort();
  const summary = entry?.summary ?? null;
  return {
    source: 'legislation_gov_uk',
    upstreamId: path,
    title: entry?.title ?? metadata?.title ?? path,
    longTitle: isAct ? (summary ?? metadata?.description ?? null) : null,
    description: isAct ? null : (metadata?.description ?? summary),
    category: categoryOf(docType.followed),
    legislationType: docType.followed,
    status: isDraft ? 'proposed' : 'enacted',
    jurisdictionId: 1,
    parliamentarySession: null,
    currentHouse: null,
    currentStage: null,
    currentStageDate: null,
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    legislationYear: year,
    legislationNumber: isDraft ? (isbn ?? number) : number,
    isbn,
    siNumber: docType.kind === 'instrument' && year !== null && number ? `${year} No. ${number}` : null,
    departmentName: null,
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl: legislationUrl(path),
    subject: metadata?.subjects[0] ?? entry?.subject ?? null,
    isDraft,
    supersedes: supersededItem(entry, metadata),
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: isDraft
      ? (created ?? isoDate(entry?.published ?? null) ?? metadata?.modified ?? null)
      : null,
    enactmentDate,
    effectiveDate: effectiveDates[0] ?? null,
    dateLaid: laidDates[0] ?? null,
    madeDate,
    lastUpdatedDate: ukTimestampToIso(entry?.updated) ?? null,
    withdrawn: false,
    defeated: false,
  };
}

const LAID_BEFORE: Readonly<Record<string, string>> = {
  UnitedKingdomParliament: 'Laid before the UK Parliament',
  HouseOfCommons: 'Laid before the House of Commons',
  HouseOfLords: 'Laid before the House of Lords',
  ScottishParliament: 'Laid before the Scottish Parliament',
  WelshParliament: 'Laid before the Senedd',
  NationalAssemblyForWales: 'Laid before the National Assembly for Wales',
  NorthernIrelandAssembly: 'Laid before the Northern Ireland Assembly',
};

/** Enacted/made, laid and coming-into-force events of an Act or instrument. */
export function mapLegislationTimeline(
  change: MappedLegalChange,
  metadata: ClmlMetadata | null = null,
): MappedTimelineEvent[] {
  const event = (
    upstreamId: string,
    title: string,
    eventDate: string | null,
    eventType: string,
    description: string | null = null,
  ) => ({
    upstreamId,
    title,
    description,
    eventDate,
    eventType,
    house: null,
    sourceUrl: change.officialUrl,
    sourceName: 'legislation.gov.uk',
    sortOrder: 0,
  });
  const events: MappedTimelineEvent[] = [];
  if (change.madeDate) events.push(event('made', 'Made', change.madeDate, 'enacted'));
  else if (change.enactmentDate)
    events.push(event('enacted', 'Enacted (Royal Assent)', change.enactmentDate, 'enacted'));
  for (const laid of metadata?.laid ?? []) {
    const title = (laid.house && LAID_BEFORE[laid.house]) ?? 'Laid';
    events.push(event(`laid:${laid.house ?? 'unknown'}:${laid.date}`, title, laid.date, 'other'));
  }
  for (const [index, entry] of (metadata?.comingIntoForce ?? []).entries()) {
    if (entry.date)
      events.push(event(`coming-into-force:${entry.date}`, 'Comes into force', entry.date, 'effective'));
    else
      events.push(
        event(`coming-into-force:text:${index}`, 'Comes into force', null, 'effective', entry.text),
      );
  }
  const unique = [...new Map(events.map((e) => [e.upstreamId, e])).values()];
  unique.sort((a, b) => (a.eventDate ?? '9999').localeCompare(b.eventDate ?? '9999'));
  return unique.map((e, index) => ({ ...e, sortOrder: index + 1 }));
}
