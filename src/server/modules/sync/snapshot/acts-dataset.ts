import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MappedDocument, MappedLegalChange } from '#server/sources/types';
import { legislationTypeByCode } from '#shared/legislation';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import { csvRecords } from './csv';

export interface SnapshotItem {
  item: MappedLegalChange;
  documents: MappedDocument[];
}

/** The folder of bundled data, in the source tree or beside the server bundle. */
export function snapshotDataDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, 'data'), resolve(here, 'snapshot-data')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Bundled snapshot data not found');
}

const URL_KEY = /legislation\.gov\.uk\/([a-z]+)\/(\d{4})\/(\d+)/;

/**
 * Maps one row of the bundled Acts dataset. Only facts the row holds are used: type, year,
 * number, title and links; no date is invented (the row gives only the year, so the item's
 * date is that year, shown as the year: src/shared/item-date.ts). Types outside the sixteen followed ones (Church Measures)
 * are left out.
 */
export function mapActRow(row: Record<string, string>): SnapshotItem | null {
  const match = URL_KEY.exec(row.page_url ?? '');
  if (!match) return null;
  const [, code, year, number] = match as unknown as [string, string, string, string];
  const type = legislationTypeByCode(code);
  if (!type || type.code !== code || !row.name) return null;
  const officialUrl = `https://www.legislation.gov.uk/${code}/${year}/${number}`;
  const item: MappedLegalChange = {
    source: 'legislation_gov_uk',
    upstreamId: `${code}/${year}/${number}`,
    title: row.name.trim(),
    longTitle: null,
    // the row holds no summary and no stage: none is written for it
    description: null,
    category: type.category,
    legislationType: code,
    status: 'enacted',
    jurisdictionId: UK_JURISDICTION_ID,
    parliamentarySession: null,
    currentHouse: null,
    currentStage: null,
    currentStageDate: null,
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    legislationYear: Number(year),
    legislationNumber: number,
    isbn: null,
    siNumber: null,
    departmentName: null,
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl,
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
  };
  const documents: MappedDocument[] =
    row.pdf_url_available === 'True' && row.pdf_url
      ? [
          {
            upstreamId: `pdf:${row.pdf_url}`,
            title: `${row.name.trim()} (as enacted)`,
            documentType: 'act',
            fileFormat: 'PDF',
            fileSize: null,
            publishedDate: null,
            description: 'The Act as published by the King’s Printer.',
            fileUrl: row.page_url ?? officialUrl,
            downloadUrl: row.pdf_url,
          },
        ]
      : [];
  return { item, documents };
}

export function loadActsDataset(dir = snapshotDataDir()): SnapshotItem[] {
  const out: SnapshotItem[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    for (const row of csvRecords(readFileSync(join(dir, file), 'utf8'))) {
      const mapped = mapActRow(row);
      if (mapped) out.push(mapped);
    }
  }
  return out;
}
