/**
 * Bills API payloads → the sync's mapped rows (legal change, timeline, amendments, documents).
 */
import type { MappedAmendment, MappedLegalChange, MappedTimelineEvent } from '#server/sources/types';
import type { AmendmentSearchItem, BillDetail, BillSummary, StageSummary } from './schemas';
import { sessionName } from './sessions';
import { htmlToText, isoDatePart } from '#server/sources/common/text';
import { ukTimestampToIso } from '#server/sources/common/uk-time';

export { mapPublications } from './publications';

const BILLS_SITE = 'https://bills.parliament.uk/bills';
/** billTypeId of a Draft Bill (GET /BillTypes) */
const DRAFT_BILL_TYPE_ID = 9;
/** stageId of Royal Assent (GET /Stages) */
const ROYAL_ASSENT_STAGE_ID = 11;

export const billUrl = (billId: number) => `${BILLS_SITE}/${billId}`;

function isDetail(bill: BillSummary | BillDetail): bill is BillDetail {
  return 'sponsors' in bill;
}

export function isRoyalAssent(stage: Pick<StageSummary, 'stageId' | 'description'>): boolean {
  return stage.stageId === ROYAL_ASSENT_STAGE_ID || /royal assent/i.test(stage.description);
}

function isFirstReading(stage: StageSummary): boolean {
  return /^(1st|first) reading$/i.test(stage.description.trim());
}

/** Sitting dates of a stage as 'YYYY-MM-DD', earliest first (empty when none is set yet) */
export function sittingDates(stage: StageSummary): string[] {
  return stage.stageSittings
    .map((sitting) => isoDatePart(sitting.date))
    .filter((date): date is string => date !== null)
    .sort();
}

/**
 * The date a stage is shown at: its latest sitting. A stage spread over several sittings
 * (committee, report) is complete only at its last sitting, and a newly added sitting then
 * moves the event forward, which is the change the timeline should show.
 */
export function stageDate(stage: StageSummary): string | null {
  return sittingDates(stage).at(-1) ?? null;
}

function houseLabel(house: string | null): 'Commons' | 'Lords' | null {
  return house === 'Commons' || house === 'Lords' ? house : null;
}

export function stageTitle(stage: StageSummary): string {
  const house = houseLabel(stage.house);
  return house ? `${stage.description} in the House of ${house}` : stage.description;
}

function departmentOf(bill: BillSummary | BillDetail): string | null {
  if (!isDetail(bill)) return null;
  const sponsors = [...bill.sponsors].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  return sponsors.find((sponsor) => sponsor.organisation?.name)?.organisation?.name ?? null;
}

export function mapBill(bill: BillSummary | BillDetail, stages?: StageSummary[]): MappedLegalChange {
  const detail = isDetail(bill) ? bill : null;
  const current = bill.currentStage
    ? (stages?.find((s) => s.id === bill.currentStage!.id) ?? bill.currentStage)
    : null;
  const firstReading = stages?.find((s) => isFirstReading(s) && s.house === bill.originatingHouse);
  const royalAssent = stages?.find(isRoyalAssent);
  const sessionId = current?.sessionId ?? bill.includedSessionIds.at(-1) ?? bill.introducedSessionId;
  const withdrawn = bill.billWithdrawn !== null;
  const defeated = bill.isDefeated;
  return {
    source: 'parliament_bills',
    upstreamId: String(bill.billId),
    title: bill.shortTitle,
    longTitle: detail?.longTitle ?? null,
    description: htmlToText(detail?.summary),
    category: 'primary',
    legislationType: 'uk_parliament_bill',
    status: bill.isAct ? 'enacted' : withdrawn || defeated ? 'proposed' : 'active',
    jurisdictionId: 1,
    parliamentarySession: sessionName(sessionId),
    currentHouse: bill.currentHouse,
    currentStage: current?.description ?? null,
    currentStageDate: current ? stageDate(current) : null,
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    legislationYear: null,
    legislationNumber: null,
    isbn: null,
    siNumber: null,
    departmentName: departmentOf(bill),
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl: billUrl(bill.billId),
    subject: null,
    isDraft: bill.billTypeId === DRAFT_BILL_TYPE_ID,
    supersedes: null,
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: firstReading ? (sittingDates(firstReading)[0] ?? null) : null,
    enactmentDate: bill.isAct && royalAssent ? stageDate(royalAssent) : null,
    effectiveDate: null,
    dateLaid: null,
    madeDate: null,
    lastUpdatedDate: ukTimestampToIso(bill.lastUpdate),
    withdrawn,
    defeated,
  };
}

export function mapStages(
  bill: Pick<BillSummary, 'billId' | 'originatingHouse'>,
  stages: StageSummary[],
): MappedTimelineEvent[] {
  return [...stages]
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))
    .map((stage, index) => {
      const dates = sittingDates(stage);
      const originating = isFirstReading(stage) && stage.house === bill.originatingHouse;
      return {
        upstreamId: `stage:${stage.id}`,
        title: stageTitle(stage),
        description: dates.length > 1 ? `Sittings: ${dates.join(', ')}` : null,
        eventDate: dates.at(-1) ?? null,
        eventType: isRoyalAssent(stage) ? 'enacted' : originating ? 'proposed' : 'other',
        house: houseLabel(stage.house),
        sourceUrl: `${billUrl(bill.billId)}/stages`,
        sourceName: 'UK Parliament',
        sortOrder: stage.sortOrder ?? index + 1,
      };
    });
}

function clauseOf(item: AmendmentSearchItem): string | null {
  if (item.clause != null) return `Clause ${item.clause}`;
  if (item.schedule != null) return `Schedule ${item.schedule}`;
  return null;
}

/** Amendment search items of one bill stage; pass the stage for its name, house and dates. */
export function mapAmendments(items: AmendmentSearchItem[], stage?: StageSummary): MappedAmendment[] {
  const dates = stage ? sittingDates(stage) : [];
  return items.map((item) => {
    const sponsors = [...item.sponsors].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
    const lead = sponsors.find((sponsor) => sponsor.isLead) ?? sponsors[0] ?? null;
    const text = item.summaryText
      .map((line) => htmlToText(line))
      .filter((line): line is string => line !== null);
    return {
      upstreamId: String(item.amendmentId),
      billStageId: String(item.billStageId),
      amendmentNumber: item.marshalledListText,
      status: item.decision,
      amendmentType: item.amendmentType,
      house: houseLabel(stage?.house ?? null) ?? lead?.house ?? null,
      leadSponsor: lead?.name ?? null,
      leadSponsorParty: lead?.party ?? null,
      clause: clauseOf(item),
      amendmentText: text.length > 0 ? text.join('\n') : null,
      explanatoryText: null,
      stageName: stage?.description ?? null,
      stageDate: dates.at(-1) ?? null,
      stageDateFrom: dates[0] ?? null,
      datePublished: null,
      officialUrl: `${billUrl(item.billId)}/stages/${item.billStageId}/amendments`,
    };
  });
}
