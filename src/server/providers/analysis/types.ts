/**
 * What an analysis provider is given (the official data we hold about one item) and what
 * it must produce (the overview's sections).
 */
import type { MessageLanguage } from '#server/messages/i18n';
import type { MappedLegalChange } from '#server/sources/types';
import type { AnalysisContent, AnalysisProviderName } from '#shared/schemas/legal-change-detail';

/** The item as stored: the mapped fields the overview reads, with stored types where they widen. */
export type OfficialItem = Pick<
  MappedLegalChange,
  | 'title'
  | 'longTitle'
  | 'description'
  | 'legislationType'
  | 'parliamentarySession'
  | 'currentHouse'
  | 'currentStage'
  | 'currentStageDate'
  | 'scottishBillReference'
  | 'shortName'
  | 'thirdPartyOrganisation'
  | 'siNumber'
  | 'departmentName'
  | 'procedureName'
  | 'enabledBy'
  | 'governmentBodyName'
  | 'governmentBodyType'
  | 'officialUrl'
  | 'subject'
  | 'isDraft'
  | 'withdrawn'
  | 'defeated'
  | 'consultationStartDate'
  | 'consultationEndDate'
  | 'proposedDate'
  | 'enactmentDate'
  | 'effectiveDate'
  | 'dateLaid'
  | 'madeDate'
> & {
  id: number;
  source: string;
  upstreamId: string;
  category: string;
  status: string;
};

export interface OfficialTimelineEvent {
  title: string;
  description: string | null;
  eventDate: string | null;
  eventType: string;
  house: string | null;
  sourceUrl: string | null;
}

export interface OfficialAmendmentSummary {
  total: number;
  /** decision → count, e.g. { Agreed: 3, NoDecision: 12 } */
  byStatus: Record<string, number>;
  /** per bill stage, latest first */
  byStage: { stageName: string | null; count: number; latestDate: string | null }[];
  /** lead sponsors with the most amendments first (at most 5) */
  leadSponsors: { name: string; party: string | null; count: number }[];
}

export interface OfficialDocument {
  title: string;
  documentType: string;
  publishedDate: string | null;
  fileUrl: string | null;
}

/** Everything we hold about one item, in a fixed order (its hash decides freshness). */
export interface OfficialRecord {
  item: OfficialItem;
  /** newest first (sortTimeline) */
  timeline: OfficialTimelineEvent[];
  amendments: OfficialAmendmentSummary;
  /** newest first */
  documents: OfficialDocument[];
}

export interface AnalysisProvider {
  readonly name: AnalysisProviderName;
  /** the model, for AI providers */
  readonly model: string | null;
  /** changes whenever the provider's output for the same record would change */
  readonly version: string;
  /** the label shown with the overview, in the reader's language */
  generatedFrom(lang: MessageLanguage, record?: OfficialRecord): string;
  /**
   * The overview in the reader's language; `today` is 'YYYY-MM-DD', so that past and upcoming
   * dates read correctly.
   */
  analyse(record: OfficialRecord, today: string, lang: MessageLanguage): Promise<AnalysisContent>;
}
