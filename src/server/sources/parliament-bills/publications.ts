/**
 * Bill publications → documents. Recorded publications had no `files`, only `links`
 * (often http:// on parliament.uk and opsi.gov.uk), so both are read.
 */
import { toHttpsUrl } from '#server/sources/http';
import type { MappedDocument } from '#server/sources/types';
import type { BillPublications, Publication } from './schemas';
import { isoDatePart } from '#server/sources/common/text';

const BILLS_API = 'https://bills-api.parliament.uk/api/v1';

const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  bill: 'bill',
  'act of parliament': 'act',
  'explanatory notes': 'guidance',
  'delegated powers memorandum': 'guidance',
  'impact assessment': 'impact_assessment',
  'amendment paper': 'other',
};

export function documentTypeOf(publicationTypeName: string): string {
  const name = publicationTypeName.trim().toLowerCase();
  if (name.startsWith('tracked changes versions of bills')) return 'bill';
  return DOCUMENT_TYPES[name] ?? 'other';
}

const FORMATS: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'text/html': 'HTML',
  'application/xhtml+xml': 'HTML',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'text/csv': 'CSV',
  'application/xml': 'XML',
};

/** 'PDF', 'HTML', … from a content type, else from the file name's extension */
export function fileFormatOf(contentType: string | null, fileName?: string | null): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && FORMATS[type]) return FORMATS[type];
  const extension = fileName ? /\.([a-z0-9]{2,5})$/i.exec(fileName.split(/[?#]/)[0] ?? '')?.[1] : undefined;
  return extension ? extension.toUpperCase() : null;
}

interface Candidate {
  url: string;
  contentType: string | null;
  name: string | null;
  size: number | null;
}

function candidates(publication: Publication, apiBaseUrl: string): Candidate[] {
  const files = publication.files.map((file) => ({
    url: `${apiBaseUrl}/Publications/${publication.id}/Documents/${file.id}/Download`,
    contentType: file.contentType,
    name: file.filename,
    size: file.contentLength,
  }));
  const links = publication.links.map((link) => ({
    url: toHttpsUrl(link.url),
    contentType: link.contentType,
    name: link.url,
    size: null,
  }));
  return [...files, ...links];
}

const isHtml = (candidate: Candidate) => fileFormatOf(candidate.contentType, candidate.name) === 'HTML';

export function mapPublication(publication: Publication, apiBaseUrl = BILLS_API): MappedDocument {
  const all = candidates(publication, apiBaseUrl);
  const view = all.find(isHtml) ?? all[0] ?? null;
  const download = all.find((candidate) => !isHtml(candidate)) ?? null;
  const primary = download ?? view;
  return {
    upstreamId: String(publication.id),
    title: publication.title.replace(/\s+/g, ' ').trim(),
    documentType: documentTypeOf(publication.publicationType.name),
    fileFormat: primary ? fileFormatOf(primary.contentType, primary.name) : null,
    fileSize: primary?.size ?? null,
    publishedDate: isoDatePart(publication.displayDate),
    description:
      publication.house === 'Commons' || publication.house === 'Lords'
        ? `${publication.publicationType.name} (${publication.house})`
        : publication.publicationType.name,
    fileUrl: view?.url ?? null,
    downloadUrl: download?.url ?? null,
  };
}

export function mapPublications(list: BillPublications, apiBaseUrl = BILLS_API): MappedDocument[] {
  return list.publications.map((publication) => mapPublication(publication, apiBaseUrl));
}
