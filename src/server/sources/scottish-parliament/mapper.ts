/**
 * Scottish Parliament bills → legal changes and timelines. Bills carry no status: a bill's
 * state is its latest stage (by StageDate) joined to the stage type's name.
 */
import type { MappedLegalChange, MappedTimelineEvent } from '#server/sources/types';
import { isoDatePart } from '#server/sources/common/text';
import type { ScottishBill, ScottishBillStage, ScottishBillStageType, ScottishSession } from './schemas';

/**
 * The bill page URL is built from the short name's slug; the API gives no link, so this
 * follows the site's pattern and may not match every bill (e.g. renamed ones).
 */
export const SCOTTISH_BILLS_SITE = 'https://www.parliament.scot/bills-and-laws/bills';

export function billSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ScottishBillContext {
  /** the bill's stages (rows of other bills are ignored) */
  stages: readonly ScottishBillStage[];
  stageTypes: readonly ScottishBillStageType[];
  sessions?: readonly ScottishSession[];
}

interface DatedStage {
  row: ScottishBillStage;
  name: string;
  date: string | null;
  sequence: number;
}

/** The bill's stages, dated ones first in date order (ties by stage type sequence, then ID), undated last. */
export function orderedStages(bill: ScottishBill, context: ScottishBillContext): DatedStage[] {
  const types = new Map(context.stageTypes.map((type) => [type.ID, type]));
  return context.stages
    .filter((row) => row.BillID === bill.ID)
    .map((row) => {
      const type = types.get(row.BillStageTypeID);
      return {
        row,
        name: type?.Name ?? `Stage ${row.BillStageTypeID}`,
        date: isoDatePart(row.StageDate),
        sequence: type?.Sequence ?? 0,
      };
    })
    .sort(
      (a, b) =>
        (a.date ?? '9999-99-99').localeCompare(b.date ?? '9999-99-99') ||
        a.sequence - b.sequence ||
        a.row.ID - b.row.ID,
    );
}

const isRoyalAssent = (name: string) => /royal assent/i.test(name);
const isIntroduction = (name: string) => /introduc/i.test(name);

function sessionOf(date: string | null, sessions: readonly ScottishSession[]): string | null {
  if (!date) return null;
  const session = sessions.find((s) => {
    const start = isoDatePart(s.StartDate);
    const end = isoDatePart(s.EndDate);
    return start !== null && start <= date && (end === null || date <= end);
  });
  return session ? (session.Name ?? session.ShortName) : null;
}

export function mapScottishBill(bill: ScottishBill, context: ScottishBillContext): MappedLegalChange {
  const stages = orderedStages(bill, context);
  const dated = stages.filter((stage) => stage.date !== null);
  const latest = dated.at(-1) ?? stages.at(-1) ?? null;
  const assent = stages.find((stage) => isRoyalAssent(stage.name));
  const title = bill.ShortName ?? bill.FullName ?? bill.Reference ?? `Scottish Parliament bill ${bill.ID}`;
  const latestName = latest?.name ?? '';
  return {
    source: 'scottish_parliament',
    upstreamId: String(bill.ID),
    title,
    longTitle: bill.FullName && bill.FullName !== title ? bill.FullName : null,
    description: null,
    category: 'primary',
    legislationType: 'scottish_parliament_bill',
    status: assent ? 'enacted' : 'active',
    jurisdictionId: 1,
    parliamentarySession: sessionOf(dated[0]?.date ?? null, context.sessions ?? []),
    currentHouse: null,
    currentStage: latest?.name ?? null,
    currentStageDate: latest?.date ?? null,
    scottishBillReference: bill.Reference,
    shortName: bill.ShortName,
    thirdPartyOrganisation: bill.ThirdPartyOrganisation,
    legislationYear: null,
    legislationNumber: null,
    isbn: null,
    siNumber: null,
    departmentName: null,
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl:
      bill.ShortName || bill.FullName
        ? `${SCOTTISH_BILLS_SITE}/${billSlug(bill.ShortName ?? bill.FullName!)}`
        : null,
    subject: null,
    isDraft: false,
    supersedes: null,
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate:
      (stages.find((stage) => isIntroduction(stage.name) && stage.date) ?? dated[0])?.date ?? null,
    enactmentDate: assent?.date ?? null,
    effectiveDate: null,
    dateLaid: null,
    madeDate: null,
    lastUpdatedDate: null,
    withdrawn: !assent && /withdrawn/i.test(latestName),
    defeated: !assent && /\bfell\b|defeated|not (agreed|passed)|rejected/i.test(latestName),
  };
}

export function mapScottishBillStages(
  bill: ScottishBill,
  context: ScottishBillContext,
): MappedTimelineEvent[] {
  const officialUrl = mapScottishBill(bill, context).officialUrl;
  return orderedStages(bill, context).map((stage, index) => ({
    upstreamId: `stage:${stage.row.ID}`,
    title: stage.name,
    description: null,
    eventDate: stage.date,
    eventType: isRoyalAssent(stage.name) ? 'enacted' : isIntroduction(stage.name) ? 'proposed' : 'other',
    house: null,
    sourceUrl: officialUrl,
    sourceName: 'Scottish Parliament',
    sortOrder: index + 1,
  }));
}

/** Stage rows grouped by bill, for mapping a whole snapshot without rescanning it per bill. */
export function stagesByBill(stages: readonly ScottishBillStage[]): Map<number, ScottishBillStage[]> {
  const grouped = new Map<number, ScottishBillStage[]>();
  for (const stage of stages) {
    const rows = grouped.get(stage.BillID);
    if (rows) rows.push(stage);
    else grouped.set(stage.BillID, [stage]);
  }
  return grouped;
}
