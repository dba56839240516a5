import type { LegalChange, LegalChangeListItem } from '#shared/schemas/legal-changes';
import type { LegalChangeListRow, getLegalChangeById } from './legal-changes.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentListItem(row: LegalChangeListRow): LegalChangeListItem {
  return { ...presentSummary(row), userAction: row.userAction };
}

function presentSummary(row: Omit<LegalChangeListRow, 'userAction'>): Omit<LegalChangeListItem, 'userAction'> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    descriptionLength: row.descriptionLength,
    category: row.category,
    legislationType: row.legislationType,
    status: row.status,
    jurisdictionId: row.jurisdictionId,
    currentStage: row.currentStage,
    currentHouse: row.currentHouse,
    currentStageDate: row.currentStageDate,
    parliamentarySession: row.parliamentarySession,
    departmentName: row.departmentName,
    officialUrl: row.officialUrl,
    consultationStartDate: row.consultationStartDate,
    consultationEndDate: row.consultationEndDate,
    proposedDate: row.proposedDate,
    enactmentDate: row.enactmentDate,
    effectiveDate: row.effectiveDate,
    dateLaid: row.dateLaid,
    itemDate: row.itemDate,
    lastUpdatedDate: iso(row.lastUpdatedDate),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentLegalChange(row: NonNullable<Awaited<ReturnType<typeof getLegalChangeById>>>): LegalChange {
  return {
    ...presentSummary(row),
    description: row.description,
    longTitle: row.longTitle,
    currentStageShowFrom: row.currentStageShowFrom,
    scottishBillReference: row.scottishBillReference,
    shortName: row.shortName,
    thirdPartyOrganisation: row.thirdPartyOrganisation,
    legislationYear: row.legislationYear,
    legislationNumber: row.legislationNumber,
    isbn: row.isbn,
    siNumber: row.siNumber,
    procedureName: row.procedureName,
    enabledBy: row.enabledBy,
    governmentBodyName: row.governmentBodyName,
    governmentBodyType: row.governmentBodyType,
    subject: row.subject,
    isDraft: row.isDraft,
    madeDate: row.madeDate,
    source: row.source,
  };
}
