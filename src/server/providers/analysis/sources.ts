import { type SourceCode, sourceNameOf } from '#shared/source-names';
import type { OfficialRecord } from './types';

/** Hosts whose pages are official records of legislation, by the source that publishes them. */
const SOURCE_HOSTS: [SourceCode | null, string[]][] = [
  ['legislation_gov_uk', ['legislation.gov.uk']],
  ['scottish_parliament', ['parliament.scot']],
  ['parliament_bills', ['parliament.uk']],
  ['federal_register', ['federalregister.gov']],
  ['congress_gov', ['congress.gov']],
  ['eur_lex', ['eur-lex.europa.eu']],
  ['canada_legisinfo', ['parl.ca']],
  ['canada_justice_laws', ['laws-lois.justice.gc.ca']],
  ['australia_frl', ['legislation.gov.au']],
  // official pages no single source of ours publishes (the government's, the devolved legislatures')
  [null, ['senedd.wales', 'niassembly.gov.uk', 'gov.uk', 'govinfo.gov', 'publications.europa.eu']],
];
const OFFICIAL_HOSTS = SOURCE_HOSTS.flatMap(([, hosts]) => hosts);

const MAX_SOURCES = 10;

const onHost = (host: string, official: string) => host === official || host.endsWith(`.${official}`);

function officialUrl(value: string | null): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  return OFFICIAL_HOSTS.some((h) => onHost(host, h)) ? url : null;
}

/**
 * The official pages an overview rests on: the item's own page first, then the official pages we
 * hold for its timeline and documents (legislation.gov.uk, Parliament, the Federal Register,
 * Congress.gov, EUR-Lex, Canada's and Australia's). Deduplicated, at most ten.
 */
export function officialSources(record: OfficialRecord): string[] {
  const candidates = [
    record.item.officialUrl,
    ...record.timeline.map((event) => event.sourceUrl),
    ...record.documents.map((doc) => doc.fileUrl),
  ];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const url = officialUrl(candidate)?.toString();
    if (url && !seen.has(url)) seen.add(url);
    if (seen.size >= MAX_SOURCES) break;
  }
  return [...seen];
}

/**
 * The source the overview's label names: the one the item is stored from (the same the detail's
 * `sourceName` names), else the publisher of its own page; null when neither is known.
 */
export function recordSource(record: OfficialRecord): SourceCode | null {
  const stored = record.item.source;
  if (sourceNameOf(stored)) return stored as SourceCode;
  const host = officialUrl(record.item.officialUrl)?.hostname.toLowerCase();
  if (!host) return null;
  return SOURCE_HOSTS.find(([, hosts]) => hosts.some((h) => onHost(host, h)))?.[0] ?? null;
}
