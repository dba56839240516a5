/**
 * The Key Information card's fields for each kind of law, filled from what the sources hold:
 * Acts (chapter, Royal Assent, commencement from the effects), instruments (number, made, laid, comes into force,
 * procedure, subject), drafts (laid in draft for approval), bills (stage, House, session) and
 * items of other sources. Each field once. A field with no data is left out, except the fields
 * the spec's card lists for bills, which say 'Not specified'.
 */
import { legalKindOf, type LegalKind } from './item-date';
import { SCOTTISH_PARLIAMENT_BILL } from './legislation';
import type { Commencement } from './schemas/legal-change-detail';

export const KEY_INFO_FIELDS = [
  'currentStage',
  'legislationType',
  'number',
  'chapter',
  'siNumber',
  'isbn',
  'year',
  'royalAssent',
  'commencement',
  'made',
  'laid',
  'laidDraft',
  'comesIntoForce',
  'adopted',
  'published',
  'introduced',
  'becameLaw',
  'documentDate',
  'registered',
  'procedure',
  'madeUnder',
  'subject',
  'parliamentarySession',
  'currentHouse',
  'billReference',
  'shortName',
  'sponsoringOrganisation',
  'proposedDate',
  'consultationPeriod',
  'effectiveDate',
  'lastUpdated',
] as const;
export type KeyInfoField = (typeof KEY_INFO_FIELDS)[number];

export type KeyInfoValue =
  | { kind: 'date'; date: string }
  | { kind: 'dateTime'; dateTime: string }
  | { kind: 'year'; year: number }
  | { kind: 'text'; text: string }
  | { kind: 'stage'; text: string }
  | { kind: 'house'; text: string }
  | { kind: 'legislationType'; code: string }
  | { kind: 'consultation'; start: string; end: string | null }
  | { kind: 'commencement'; commencement: Commencement }
  | { kind: 'notSpecified' };

export interface KeyInfoEntry {
  field: KeyInfoField;
  value: KeyInfoValue;
}

/** The item's fields the card reads (a LegalChange of the API has them all). */
export interface KeyInfoItem {
  legislationType: string;
  isDraft: boolean;
  jurisdictionId: number;
  currentStage: string | null;
  currentHouse: string | null;
  parliamentarySession: string | null;
  legislationYear: number | null;
  legislationNumber: string | null;
  siNumber: string | null;
  isbn: string | null;
  enactmentDate: string | null;
  madeDate: string | null;
  dateLaid: string | null;
  effectiveDate: string | null;
  proposedDate: string | null;
  consultationStartDate: string | null;
  consultationEndDate: string | null;
  procedureName: string | null;
  enabledBy: string | null;
  subject: string | null;
  scottishBillReference: string | null;
  shortName: string | null;
  thirdPartyOrganisation: string | null;
  lastUpdatedDate: string | null;
}

const filled = (value: string | null | undefined): value is string => Boolean(value && value.trim());

/** An Act's citation number: 'c. 12' for Acts of Parliament and the Assembly, 'asp 6' in Scotland. */
function actNumber(item: KeyInfoItem): KeyInfoEntry | null {
  const n = item.legislationNumber;
  if (!filled(n)) return null;
  const year = item.legislationYear ? `${item.legislationYear} ` : '';
  if (['ukpga', 'ukla', 'ukppa', 'nia'].includes(item.legislationType))
    return { field: 'chapter', value: { kind: 'text', text: `${year}c. ${n}` } };
  if (item.legislationType === 'asp')
    return { field: 'chapter', value: { kind: 'text', text: `${year}asp ${n}` } };
  return { field: 'number', value: { kind: 'text', text: n } };
}

/** What else the card may know of the item: its commencement, from its recorded effects. */
export interface KeyInfoExtras {
  commencement?: Commencement | null;
}

function fieldsOf(
  item: KeyInfoItem,
  kind: LegalKind,
  extras: KeyInfoExtras,
): (KeyInfoEntry | null | false)[] {
  const date = (field: KeyInfoField, value: string | null): KeyInfoEntry | null =>
    filled(value) ? { field, value: { kind: 'date', date: value } } : null;
  const text = (field: KeyInfoField, value: string | null): KeyInfoEntry | null =>
    filled(value) ? { field, value: { kind: 'text', text: value.trim() } } : null;
  const updated: KeyInfoEntry | null = filled(item.lastUpdatedDate)
    ? { field: 'lastUpdated', value: { kind: 'dateTime', dateTime: item.lastUpdatedDate } }
    : null;
  const yearOnly = (dated: string | null): KeyInfoEntry | null =>
    !dated && item.legislationYear
      ? { field: 'year', value: { kind: 'year', year: item.legislationYear } }
      : null;
  const type: KeyInfoEntry = {
    field: 'legislationType',
    value: { kind: 'legislationType', code: item.legislationType },
  };
  switch (kind) {
    case 'act':
      return [
        type,
        actNumber(item),
        date('royalAssent', item.enactmentDate),
        yearOnly(item.enactmentDate),
        extras.commencement != null && {
          field: 'commencement',
          value: { kind: 'commencement', commencement: extras.commencement },
        },
        date('comesIntoForce', item.effectiveDate),
        text('subject', item.subject),
        updated,
      ];
    case 'instrument':
    case 'draft_instrument': {
      const draft = kind === 'draft_instrument';
      return [
        type,
        draft ? text('isbn', item.isbn) : text('siNumber', item.siNumber),
        !draft && date('made', item.madeDate),
        date(draft ? 'laidDraft' : 'laid', item.dateLaid),
        !draft && date('comesIntoForce', item.effectiveDate),
        yearOnly(draft ? item.dateLaid : (item.madeDate ?? item.dateLaid ?? item.effectiveDate)),
        text('procedure', item.procedureName),
        text('madeUnder', item.enabledBy),
        text('subject', item.subject),
        updated,
      ];
    }
    case 'bill':
      return billFields(item, type, updated);
    default:
      return otherFields(item, type, updated);
  }
}

const FEDERAL_REGISTER_TYPES = ['us_rule', 'us_proposed_rule', 'us_notice', 'us_presidential_document'];

/**
 * The dates of an item of a source beyond the UK, each named as its source names it: the Federal
 * Register's publication and effective date, a Congress bill's introduction and the day it became
 * law, EUR-Lex's date of document and entry into force, Royal Assent in Canada and Australia, a
 * Canadian regulation's registration, an Australian instrument's making.
 */
/** What an item of a source beyond the UK holds as `enactmentDate`, named as its source names it. */
export type EnactmentDateName =
  'published' | 'becameLaw' | 'documentDate' | 'royalAssent' | 'registered' | 'adopted';

export function enactmentDateName(legislationType: string): EnactmentDateName {
  const t = legislationType;
  // rows stored before the Federal Register's publication was kept as such held it here
  if (FEDERAL_REGISTER_TYPES.includes(t)) return 'published';
  if (t === 'us_bill') return 'becameLaw';
  if (t.startsWith('eu_')) return 'documentDate';
  if (t === 'ca_bill' || t === 'ca_act' || t === 'au_act') return 'royalAssent';
  if (t === 'ca_regulation') return 'registered';
  return 'adopted';
}

function otherDates(item: KeyInfoItem): [KeyInfoField, string | null][] {
  const t = item.legislationType;
  const enacted = enactmentDateName(t);
  if (enacted === 'published')
    return [
      ['published', item.proposedDate ?? item.enactmentDate],
      ['effectiveDate', item.effectiveDate],
    ];
  if (enacted === 'becameLaw')
    return [
      ['introduced', item.proposedDate],
      ['becameLaw', item.enactmentDate],
    ];
  if (enacted === 'documentDate')
    return [
      ['documentDate', item.enactmentDate],
      ['comesIntoForce', item.effectiveDate],
    ];
  if (enacted !== 'adopted') return [[enacted, item.enactmentDate]];
  if (t === 'au_instrument') return [['made', item.madeDate]];
  return [
    ['published', item.proposedDate],
    ['adopted', item.enactmentDate],
    ['comesIntoForce', item.effectiveDate],
  ];
}

function otherFields(
  item: KeyInfoItem,
  type: KeyInfoEntry,
  updated: KeyInfoEntry | null,
): (KeyInfoEntry | null | false)[] {
  // Congress states a bill's chamber of origin, never the chamber it is in now
  const house = item.legislationType === 'us_bill' ? null : item.currentHouse;
  return [
    type,
    filled(item.currentStage) && {
      field: 'currentStage',
      value: { kind: 'stage', text: item.currentStage },
    },
    filled(house) && { field: 'currentHouse', value: { kind: 'house', text: house } },
    ...otherDates(item).map(([field, date]): KeyInfoEntry | null =>
      filled(date) ? { field, value: { kind: 'date', date } } : null,
    ),
    consultation(item, false),
    updated,
  ];
}

function consultation(item: KeyInfoItem, required: boolean): KeyInfoEntry | null {
  if (filled(item.consultationStartDate))
    return {
      field: 'consultationPeriod',
      value: { kind: 'consultation', start: item.consultationStartDate, end: item.consultationEndDate },
    };
  return required ? { field: 'consultationPeriod', value: { kind: 'notSpecified' } } : null;
}

/** A bill's card: the spec's fields, each once, 'Not specified' where the record has none. */
function billFields(item: KeyInfoItem, type: KeyInfoEntry, updated: KeyInfoEntry | null): KeyInfoEntry[] {
  const none: KeyInfoValue = { kind: 'notSpecified' };
  const required = (field: KeyInfoField, value: KeyInfoValue | null): KeyInfoEntry => ({
    field,
    value: value ?? none,
  });
  const textOf = (value: string | null): KeyInfoValue | null =>
    filled(value) ? { kind: 'text', text: value.trim() } : null;
  const dateOf = (value: string | null): KeyInfoValue | null =>
    filled(value) ? { kind: 'date', date: value } : null;
  const scottish = item.legislationType === SCOTTISH_PARLIAMENT_BILL;
  const entries: KeyInfoEntry[] = [
    required('currentStage', filled(item.currentStage) ? { kind: 'stage', text: item.currentStage } : null),
    type,
  ];
  if (scottish)
    entries.push(
      required('billReference', textOf(item.scottishBillReference)),
      required('parliamentarySession', textOf(item.parliamentarySession)),
      required('shortName', textOf(item.shortName)),
      required('sponsoringOrganisation', textOf(item.thirdPartyOrganisation)),
    );
  else
    entries.push(
      required('parliamentarySession', textOf(item.parliamentarySession)),
      required('currentHouse', filled(item.currentHouse) ? { kind: 'house', text: item.currentHouse } : null),
    );
  if (filled(item.enactmentDate))
    entries.push({ field: 'royalAssent', value: { kind: 'date', date: item.enactmentDate } });
  entries.push(
    updated ?? required('lastUpdated', null),
    required('proposedDate', dateOf(item.proposedDate)),
    consultation(item, true)!,
    required('effectiveDate', dateOf(item.effectiveDate)),
  );
  return entries;
}

/** The card's fields for the item, in order. */
export function keyInformation(item: KeyInfoItem, extras: KeyInfoExtras = {}): KeyInfoEntry[] {
  const kind = legalKindOf(item.legislationType, item.isDraft);
  return fieldsOf(item, kind, extras).filter((entry): entry is KeyInfoEntry => Boolean(entry));
}
