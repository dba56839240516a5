/**
 * The date a list shows and sorts an item by: the best legal date its source states, with what
 * happened on it. Never a time the service recorded (when it loaded or updated the item): where
 * the source gives only a year the date is that year's 1 January with the kind 'year_only' (shown
 * as the year), and where it gives nothing the date is null.
 */
import { SCOTTISH_PARLIAMENT_BILL, legislationTypeByCode } from './legislation';

export const ITEM_DATE_KINDS = [
  'royal_assent',
  'made',
  'laid',
  'coming_into_force',
  'stage',
  'published',
  'consultation_end',
  'updated',
  'year_only',
] as const;
export type ItemDateKind = (typeof ITEM_DATE_KINDS)[number];

/**
 * The kind of law an item is, which decides its vocabulary: Acts and Measures receive Royal
 * Assent; instruments are made, laid and come into force; drafts are laid in draft for approval;
 * bills go through stages in each House; 'other' is an item of a source beyond the UK.
 */
export type LegalKind = 'act' | 'instrument' | 'draft_instrument' | 'bill' | 'other';

export function legalKindOf(legislationType: string, isDraft = false): LegalKind {
  if (legislationType === 'uk_parliament_bill' || legislationType === SCOTTISH_PARLIAMENT_BILL) return 'bill';
  const type = legislationTypeByCode(legislationType);
  if (!type) return 'other';
  if (type.draft || (isDraft && type.category === 'secondary')) return 'draft_instrument';
  return type.category === 'primary' ? 'act' : 'instrument';
}

export interface ItemDates {
  legislationType: string;
  isDraft?: boolean | null;
  source?: string | null;
  currentStageDate?: string | null;
  enactmentDate?: string | null;
  consultationEndDate?: string | null;
  proposedDate?: string | null;
  dateLaid?: string | null;
  effectiveDate?: string | null;
  madeDate?: string | null;
  legislationYear?: number | null;
  /** the source's own last-modified date-time (never the time the service stored the item) */
  lastUpdatedDate?: string | null;
}

export interface ItemDate {
  itemDate: string | null;
  itemDateKind: ItemDateKind | null;
}

type Candidate = [string | null | undefined, ItemDateKind];

function candidates(d: ItemDates): Candidate[] {
  switch (legalKindOf(d.legislationType, d.isDraft ?? false)) {
    case 'act':
      return [[d.enactmentDate, 'royal_assent']];
    case 'instrument':
      return [
        [d.madeDate, 'made'],
        [d.dateLaid, 'laid'],
        [d.effectiveDate, 'coming_into_force'],
      ];
    case 'draft_instrument':
      return [
        [d.dateLaid, 'laid'],
        [d.madeDate, 'made'],
      ];
    case 'bill':
      return [
        [d.enactmentDate, 'royal_assent'],
        [d.currentStageDate, 'stage'],
        [d.proposedDate, 'stage'],
        [d.lastUpdatedDate, 'updated'],
      ];
    default:
      return otherCandidates(d);
  }
}

/** The Federal Register's documents: dated by their publication. */
const FEDERAL_REGISTER_TYPES = new Set([
  'us_rule',
  'us_proposed_rule',
  'us_notice',
  'us_presidential_document',
]);
/** Items of other sources whose `enactmentDate` is the day they were assented to. */
const ASSENTED_TYPES = new Set(['ca_bill', 'ca_act', 'au_act']);

/**
 * An item of a source beyond the UK, by the dates its mapper stores (src/server/sources): the
 * current stage's date, then a date named for what happened on it. A date the kinds cannot name
 * (EUR-Lex's date of document, a Canadian regulation's registration) is not used.
 */
function otherCandidates(d: ItemDates): Candidate[] {
  const published = d.source === 'federal_register' || FEDERAL_REGISTER_TYPES.has(d.legislationType);
  const list: (Candidate | false)[] = [
    [d.currentStageDate, published ? 'published' : 'stage'],
    [d.consultationEndDate, 'consultation_end'],
    ASSENTED_TYPES.has(d.legislationType) && [d.enactmentDate, 'royal_assent'],
    [d.madeDate, 'made'],
    // a Federal Register document's publication; a Congress bill's introduction (named by its stage)
    published && [d.proposedDate, 'published'],
    d.legislationType === 'us_bill' && [d.proposedDate, 'stage'],
    [d.effectiveDate, 'coming_into_force'],
    [d.lastUpdatedDate, 'updated'],
  ];
  return list.filter((c): c is Candidate => Boolean(c));
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The item's date and its kind: the first date its source states, in its kind's order. */
export function itemDate(d: ItemDates): ItemDate {
  for (const [value, kind] of candidates(d))
    if (value && DAY.test(value)) return { itemDate: value.slice(0, 10), itemDateKind: kind };
  if (d.legislationYear && d.legislationYear > 0)
    return { itemDate: `${String(d.legislationYear).padStart(4, '0')}-01-01`, itemDateKind: 'year_only' };
  return { itemDate: null, itemDateKind: null };
}
