import { sourceNameOf } from '#shared/source-names';
import type { LegalChange, LegalChangeListItem } from '#shared/schemas/legal-changes';
import type { LegalChangeListRow, getLegalChangeById } from './legal-changes.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A list item: its fields in the schema's order, and the member's action. Items that extend it
 * (search results, term matches, follows) add their fields with `withFields`: copying a list
 * item of 24 fields into a new object with a spread cost several times building it.
 */
export function presentListItem(row: LegalChangeListRow): LegalChangeListItem {
  const item = presentSummary(row) as LegalChangeListItem;
  item.userAction = row.userAction;
  return item;
}

/** `item` with `fields` added after its own (the key order the response schemas list). */
export function withFields<T extends object, F extends object>(item: T, fields: F): T & F {
  return Object.assign(item, fields);
}

function presentSummary(
  row: Omit<LegalChangeListRow, 'userAction'>,
): Omit<LegalChangeListItem, 'userAction'> {
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
    itemDateKind: row.itemDateKind,
    lastUpdatedDate: iso(row.lastUpdatedDate),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentLegalChange(
  row: NonNullable<Awaited<ReturnType<typeof getLegalChangeById>>>,
): LegalChange {
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
    sourceName: sourceNameOf(row.source),
    fromSnapshot: row.snapshotTakenAt ? { takenAt: row.snapshotTakenAt } : null,
  };
}
