/**
 * What the sources beyond the UK sync share: one adapter shape (search, recent list, one item
 * by its identifier) and a builder for their items in the common mapped shape.
 */
import type { SourceResult } from '#shared/schemas/legal-sources';
import { INTERNATIONAL_TYPES } from '#shared/legal-sources';
import type { LegalChangeStatus } from '#shared/legislation';
import type { MappedLegalChange, MappedTimelineEvent, SourceName } from '#server/sources/types';

/** An identifier that cannot name an item of the source (answered as a 400). */
export class InvalidIdentifierError extends Error {
  constructor(identifier: string, expected: string) {
    super(`"${identifier}" is not ${expected}.`);
    this.name = 'InvalidIdentifierError';
  }
}

/** The source answered but holds no item with this identifier (answered as a 404). */
export class SourceItemNotFoundError extends Error {
  constructor(identifier: string) {
    super(`The source has no item "${identifier}".`);
    this.name = 'SourceItemNotFoundError';
  }
}

export interface InternationalBundle {
  item: MappedLegalChange;
  timeline: MappedTimelineEvent[];
}

export interface SearchOptions {
  docType?: string;
  /** the member's interface language (ISO 639-1), for titles where the source has them */
  language?: string;
}

export interface SourceAdapter {
  search(query: string, options?: SearchOptions): Promise<{ results: SourceResult[]; total: number }>;
  recent(): Promise<SourceResult[]>;
  /** the item as stored and followed; identifier as in a result */
  fetchItem(identifier: string): Promise<InternationalBundle>;
}

/**
 * A source's stage or action text as a label: its words, without the full stop that ends the
 * source's sentence ('Became Public Law No: 119-21.' → 'Became Public Law No: 119-21').
 */
export function stageText(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().replace(/\.+$/, '').trim();
  return text || null;
}

/** 'YYYY-MM-DD' of an ISO date or date-time (its own calendar day), or null */
export function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1]! : null;
}

export function internationalItem(
  fields: {
    source: SourceName;
    upstreamId: string;
    title: string;
    legislationType: keyof typeof INTERNATIONAL_TYPES;
    jurisdictionId: number;
    status: LegalChangeStatus;
    officialUrl: string | null;
  } & Partial<MappedLegalChange>,
): MappedLegalChange {
  const type = INTERNATIONAL_TYPES[fields.legislationType];
  return {
    longTitle: null,
    description: null,
    category: type?.category ?? 'secondary',
    parliamentarySession: null,
    currentHouse: null,
    currentStage: null,
    currentStageDate: null,
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    legislationYear: null,
    legislationNumber: null,
    isbn: null,
    siNumber: null,
    departmentName: null,
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    subject: null,
    isDraft: false,
    supersedes: null,
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: null,
    enactmentDate: null,
    effectiveDate: null,
    dateLaid: null,
    madeDate: null,
    lastUpdatedDate: null,
    withdrawn: false,
    defeated: false,
    ...fields,
  };
}

export function timelineEvent(
  upstreamId: string,
  title: string,
  eventDate: string | null,
  eventType: string,
  sortOrder: number,
  extra: Partial<MappedTimelineEvent> = {},
): MappedTimelineEvent {
  return {
    upstreamId,
    title,
    description: null,
    eventDate,
    eventType,
    house: null,
    sourceUrl: null,
    sourceName: null,
    sortOrder,
    ...extra,
  };
}

/** Case-insensitive: every word of the query appears in one of the texts. */
export function matchesWords(query: string, ...texts: (string | null | undefined)[]): boolean {
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
