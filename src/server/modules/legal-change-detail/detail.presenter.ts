import { diffApiPath, provisionPathOf, versionsAround } from '#shared/provisions';
import type {
  Amendment,
  Commencement,
  Document,
  Effect,
  TimelineEvent,
} from '#shared/schemas/legal-change-detail';
import type { AmendmentRow, DocumentRow, TimelineEventRow } from './detail.queries';
import type { CommencingRow, EffectRow } from './effects.queries';

export function presentTimelineEvent(row: TimelineEventRow): TimelineEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    eventDate: row.eventDate,
    eventType: row.eventType,
    house: row.house,
    sourceUrl: row.sourceUrl,
    sourceName: row.sourceName,
  };
}

export function presentDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    title: row.title,
    documentType: row.documentType,
    fileFormat: row.fileFormat,
    fileSize: row.fileSize,
    publishedDate: row.publishedDate,
    description: row.description,
    fileUrl: row.fileUrl,
    downloadUrl: row.downloadUrl,
  };
}

export function presentAmendment(row: AmendmentRow): Amendment {
  return {
    id: row.id,
    amendmentNumber: row.amendmentNumber,
    status: row.status,
    amendmentType: row.amendmentType,
    house: row.house,
    leadSponsor: row.leadSponsor,
    leadSponsorParty: row.leadSponsorParty,
    clause: row.clause,
    amendmentText: row.amendmentText,
    explanatoryText: row.explanatoryText,
    stageName: row.stageName,
    stageDate: row.stageDate,
    stageDateFrom: row.stageDateFrom,
    datePublished: row.datePublished,
    officialUrl: row.officialUrl,
  };
}

/** The redline of the provision an effect names, between the versions before and after it. */
function diffPathOf(row: EffectRow, legalChangeId: number): string | null {
  const provision = provisionPathOf(row.affectedProvisions);
  if (!provision || !row.inForceDate) return null;
  const { from, to } = versionsAround(row.inForceDate);
  return diffApiPath(legalChangeId, provision, from, to);
}

/** An effect's affecting item as its page on legislation.gov.uk. */
function legislationPage(uri: string | null): string | null {
  return uri?.replace(/^http:\/\/www\.legislation\.gov\.uk\/id\//, 'https://www.legislation.gov.uk/') ?? null;
}

export function presentCommencement(rows: CommencingRow[]): Commencement | null {
  if (rows.length === 0) return null;
  return {
    instruments: rows.map((row) => ({
      title: row.affectingTitle,
      url: legislationPage(row.affectingUri),
      provisions: row.provisions,
      firstInForce: row.firstInForce,
      lastInForce: row.lastInForce,
    })),
    total: rows[0]!.total,
  };
}

export function presentEffect(row: EffectRow, legalChangeId: number): Effect {
  return {
    id: row.id,
    type: row.type,
    affectedProvisions: row.affectedProvisions,
    affectingTitle: row.affectingTitle,
    affectingUrl: legislationPage(row.affectingUri),
    affectingProvisions: row.affectingProvisions,
    applied: row.applied,
    inForceDate: row.inForceDate,
    modifiedAt: row.modifiedAt?.toISOString() ?? null,
    diffPath: diffPathOf(row, legalChangeId),
  };
}
