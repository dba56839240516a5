import type { OfficialRecord } from './types';

/** Hosts whose pages are official records of legislation. */
const OFFICIAL_HOSTS = [
  'legislation.gov.uk',
  'bills.parliament.uk',
  'parliament.uk',
  'parliament.scot',
  'senedd.wales',
  'niassembly.gov.uk',
  'gov.uk',
];

const MAX_SOURCES = 10;

function officialUrl(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  return OFFICIAL_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)) ? url.toString() : null;
}

/**
 * The official pages an overview rests on: the item's own page first, then the legislation.gov.uk
 * and Parliament pages we hold for its timeline and documents. Deduplicated, at most ten.
 */
export function officialSources(record: OfficialRecord): string[] {
  const candidates = [
    record.item.officialUrl,
    ...record.timeline.map((event) => event.sourceUrl),
    ...record.documents.map((doc) => doc.fileUrl),
  ];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const url = officialUrl(candidate);
    if (url && !seen.has(url)) seen.add(url);
    if (seen.size >= MAX_SOURCES) break;
  }
  return [...seen];
}

export type RecordSource = 'legislation' | 'ukParliament' | 'scottishParliament';

/** The source of the item's own page, which the overview's label names; null for any other. */
export function recordSource(record: OfficialRecord): RecordSource | null {
  const url = officialUrl(record.item.officialUrl);
  if (!url) return null;
  const host = new URL(url).hostname.toLowerCase();
  const on = (h: string) => host === h || host.endsWith(`.${h}`);
  if (on('legislation.gov.uk')) return 'legislation';
  if (on('parliament.scot')) return 'scottishParliament';
  if (on('parliament.uk')) return 'ukParliament';
  return null;
}
