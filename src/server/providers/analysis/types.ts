/**
 * What an analysis provider is given (the official data we hold about one item) and what
 * it must produce (the overview's sections).
 */
import type { AnalysisContent, AnalysisProviderName } from '#shared/schemas/legal-change-detail';

export interface OfficialItem {
  id: number;
  source: string;
  upstreamId: string;
  title: string;
  longTitle: string | null;
  description: string | null;
  category: string;
  legislationType: string;
  status: string;
  parliamentarySession: string | null;
  currentHouse: string | null;
  currentStage: string | null;
  currentStageDate: string | null;
  scottishBillReference: string | null;
  shortName: string | null;
  thirdPartyOrganisation: string | null;
  siNumber: string | null;
  departmentName: string | null;
  procedureName: string | null;
  enabledBy: string | null;
  governmentBodyName: string | null;
  governmentBodyType: string | null;
  officialUrl: string | null;
  subject: string | null;
  isDraft: boolean;
  withdrawn: boolean;
  defeated: boolean;
  consultationStartDate: string | null;
  consultationEndDate: string | null;
  proposedDate: string | null;
  enactmentDate: string | null;
  effectiveDate: string | null;
  dateLaid: string | null;
  madeDate: string | null;
}

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
  /** the label shown with the overview */
  readonly generatedFrom: string;
  /** `today` is 'YYYY-MM-DD', so that past and upcoming dates read correctly */
  analyse(record: OfficialRecord, today: string): Promise<AnalysisContent>;
}
