/**
 * The legal sources the service searches and follows beyond its own UK sync, shared by the
 * server (clients, status, routes) and the /legal-sources screen. A source's `code` is the
 * path segment of its API routes (`/api/legal-sources/{code}/sync`, `/{code}/search`).
 */

export const LEGAL_SOURCE_CODES = [
  'uk',
  'eu',
  'us-federal-register',
  'canada',
  'australia',
  'us-congress',
  'canada-justice-laws',
  'uk-parliament-bills',
  'scottish-parliament',
] as const;
export type LegalSourceCode = (typeof LEGAL_SOURCE_CODES)[number];

export const EU_DOC_TYPES = ['directive', 'regulation', 'decision'] as const;
export type EuDocType = (typeof EU_DOC_TYPES)[number];

export const REGIONS = ['uk', 'eu', 'us', 'canada', 'australia'] as const;
export type Region = (typeof REGIONS)[number];

export interface LegalSourceInfo {
  code: LegalSourceCode;
  name: string;
  /** jurisdictions.id: 1 UK, 2 EU, 3 US, 4 Canada, 5 Australia */
  jurisdictionId: number;
  jurisdiction: string;
  region: Region;
  group: 'primary' | 'extended';
  requiresApiKey: boolean;
  description: string;
}

export const LEGAL_SOURCES: readonly LegalSourceInfo[] = [
  {
    code: 'uk',
    name: 'legislation.gov.uk',
    jurisdictionId: 1,
    jurisdiction: 'United Kingdom',
    region: 'uk',
    group: 'primary',
    requiresApiKey: false,
    description: 'Acts and statutory instruments of the UK, Scotland, Wales and Northern Ireland',
  },
  {
    code: 'eu',
    name: 'EUR-Lex (Publications Office)',
    jurisdictionId: 2,
    jurisdiction: 'European Union',
    region: 'eu',
    group: 'primary',
    requiresApiKey: false,
    description: 'EU regulations, directives and decisions by CELEX number',
  },
  {
    code: 'us-federal-register',
    name: 'Federal Register',
    jurisdictionId: 3,
    jurisdiction: 'United States',
    region: 'us',
    group: 'primary',
    requiresApiKey: false,
    description: 'US federal rules and proposed rules, published daily',
  },
  {
    code: 'canada',
    name: 'LEGISinfo (Parliament of Canada)',
    jurisdictionId: 4,
    jurisdiction: 'Canada',
    region: 'canada',
    group: 'primary',
    requiresApiKey: false,
    description: 'Federal bills of the current session and the Acts they became',
  },
  {
    code: 'australia',
    name: 'Federal Register of Legislation',
    jurisdictionId: 5,
    jurisdiction: 'Australia',
    region: 'australia',
    group: 'primary',
    requiresApiKey: false,
    description: 'Commonwealth Acts and legislative instruments',
  },
  {
    code: 'us-congress',
    name: 'Congress.gov',
    jurisdictionId: 3,
    jurisdiction: 'United States',
    region: 'us',
    group: 'extended',
    requiresApiKey: true,
    description: 'Bills of the US Congress with their latest action',
  },
  {
    code: 'canada-justice-laws',
    name: 'Justice Laws Website',
    jurisdictionId: 4,
    jurisdiction: 'Canada',
    region: 'canada',
    group: 'extended',
    requiresApiKey: false,
    description: 'Consolidated federal Acts and regulations of Canada',
  },
  {
    code: 'uk-parliament-bills',
    name: 'UK Parliament Bills',
    jurisdictionId: 1,
    jurisdiction: 'United Kingdom',
    region: 'uk',
    group: 'extended',
    requiresApiKey: false,
    description: 'Bills before the UK Parliament, stage by stage, with amendments',
  },
  {
    code: 'scottish-parliament',
    name: 'Scottish Parliament',
    jurisdictionId: 1,
    jurisdiction: 'United Kingdom',
    region: 'uk',
    group: 'extended',
    requiresApiKey: false,
    description: 'Bills before the Scottish Parliament',
  },
];

export const legalSourceByCode = (code: string): LegalSourceInfo | undefined =>
  LEGAL_SOURCES.find((s) => s.code === code);

/** Item types of the sources beyond the UK sync, with their labels and list category. */
export const INTERNATIONAL_TYPES: Record<string, { label: string; category: 'primary' | 'secondary' }> = {
  eu_regulation: { label: 'EU Regulation', category: 'primary' },
  eu_directive: { label: 'EU Directive', category: 'primary' },
  eu_decision: { label: 'EU Decision', category: 'secondary' },
  us_rule: { label: 'US Final Rule', category: 'secondary' },
  us_proposed_rule: { label: 'US Proposed Rule', category: 'secondary' },
  us_notice: { label: 'US Notice', category: 'secondary' },
  us_presidential_document: { label: 'US Presidential Document', category: 'secondary' },
  us_bill: { label: 'US Congress Bill', category: 'primary' },
  ca_bill: { label: 'Canadian Federal Bill', category: 'primary' },
  ca_act: { label: 'Canadian Federal Act', category: 'primary' },
  ca_regulation: { label: 'Canadian Federal Regulation', category: 'secondary' },
  au_act: { label: 'Australian Act', category: 'primary' },
  au_instrument: { label: 'Australian Legislative Instrument', category: 'secondary' },
};

/** At most this many items in a recent list (spec: recent lists ≤ 10). */
export const RECENT_LIMIT = 10;
