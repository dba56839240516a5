/**
 * What every upstream mapper produces. The sync writes these into legal_changes,
 * timeline_events, amendments and documents with idempotent upserts keyed on
 * (source, upstreamId) and (legalChangeId, upstreamId).
 *
 * Dates are ISO dates 'YYYY-MM-DD'; date-times are ISO strings with offset ('Z' when UTC).
 */
import type { Category, LegalChangeStatus } from '#shared/legislation';

export type SourceName =
  | 'parliament_bills'
  | 'legislation_gov_uk'
  | 'scottish_parliament'
  | 'eur_lex'
  | 'federal_register'
  | 'congress_gov'
  | 'canada_legisinfo'
  | 'canada_justice_laws'
  | 'australia_frl';

export interface MappedLegalChange {
  source: SourceName;
  /** stable upstream key: billId ('2818'), legislation.gov.uk id URI path ('uksi/2026/1050'), Scottish bill ID */
  upstreamId: string;
  title: string;
  longTitle: string | null;
  description: string | null;
  category: Category;
  /** a code of LEGISLATION_TYPE_CODES (src/shared/legislation.ts) */
  legislationType: string;
  status: LegalChangeStatus;
  /** 1 = UK for every UK-nation item */
  jurisdictionId: number;
  parliamentarySession: string | null;
  currentHouse: string | null;
  currentStage: string | null;
  currentStageDate: string | null;
  scottishBillReference: string | null;
  shortName: string | null;
  thirdPartyOrganisation: string | null;
  legislationYear: number | null;
  legislationNumber: string | null;
  isbn: string | null;
  siNumber: string | null;
  departmentName: string | null;
  procedureName: string | null;
  enabledBy: string | null;
  governmentBodyName: string | null;
  governmentBodyType: string | null;
  officialUrl: string | null;
  subject: string | null;
  isDraft: boolean;
  supersedes: string | null;
  consultationStartDate: string | null;
  consultationEndDate: string | null;
  proposedDate: string | null;
  enactmentDate: string | null;
  effectiveDate: string | null;
  dateLaid: string | null;
  madeDate: string | null;
  /** upstream's own last-modified time (bill lastUpdate, feed updated) */
  lastUpdatedDate: string | null;
  /** flags a bill's end states for change detection */
  withdrawn: boolean;
  defeated: boolean;
}

export interface MappedTimelineEvent {
  /** stable key within the item, e.g. 'stage:20099' or 'made' */
  upstreamId: string;
  title: string;
  description: string | null;
  eventDate: string | null;
  /** proposed | consultation_started | consultation_ended | enacted | effective | amended | other */
  eventType: string;
  house: string | null;
  sourceUrl: string | null;
  sourceName: string | null;
  sortOrder: number;
}

export interface MappedAmendment {
  /** amendmentId (never the always-0 `id`) */
  upstreamId: string;
  billStageId: string | null;
  amendmentNumber: string | null;
  status: string | null;
  amendmentType: string | null;
  house: string | null;
  leadSponsor: string | null;
  leadSponsorParty: string | null;
  clause: string | null;
  amendmentText: string | null;
  explanatoryText: string | null;
  stageName: string | null;
  stageDate: string | null;
  stageDateFrom: string | null;
  datePublished: string | null;
  officialUrl: string | null;
}

export interface MappedDocument {
  upstreamId: string;
  title: string;
  /** bill | act | regulation | guidance | consultation | impact_assessment | other */
  documentType: string;
  fileFormat: string | null;
  fileSize: number | null;
  publishedDate: string | null;
  description: string | null;
  fileUrl: string | null;
  downloadUrl: string | null;
}
