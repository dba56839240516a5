/**
 * Legislation reference data shared by server and client: the 16 legislation types the
 * product follows, their preference keys (spec document 1 section 3) and categories.
 */

export const CATEGORIES = ['primary', 'secondary'] as const;
export type Category = (typeof CATEGORIES)[number];

export const STATUSES = ['enacted', 'active', 'consultation', 'proposed'] as const;
export type LegalChangeStatus = (typeof STATUSES)[number];

export interface LegislationTypeInfo {
  /** short code, as in legislation.gov.uk URIs (or uk_parliament_bill / scottish_parliament_bill) */
  code: string;
  /** key in the legislation preferences and availability objects */
  preferenceKey: string;
  name: string;
  category: Category;
  jurisdiction: 'uk' | 'scotland' | 'wales' | 'northern_ireland';
  draft: boolean;
  /** where the items come from */
  source: 'parliament_bills' | 'legislation_gov_uk' | 'scottish_parliament';
}

/** In the order of the spec's preference keys. */
export const LEGISLATION_TYPES: readonly LegislationTypeInfo[] = [
  {
    code: 'ukpga',
    preferenceKey: 'ukPublicGeneralActs',
    name: 'UK Public General Acts',
    category: 'primary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ukla',
    preferenceKey: 'ukLocalActs',
    name: 'UK Local Acts',
    category: 'primary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ukppa',
    preferenceKey: 'ukPrivatePersonalActs',
    name: 'UK Private and Personal Acts',
    category: 'primary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'asp',
    preferenceKey: 'actsScottishParliament',
    name: 'Acts of the Scottish Parliament',
    category: 'primary',
    jurisdiction: 'scotland',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'asc',
    preferenceKey: 'actsSeneddCymru',
    name: 'Acts of Senedd Cymru',
    category: 'primary',
    jurisdiction: 'wales',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'nia',
    preferenceKey: 'actsNorthernIrelandAssembly',
    name: 'Acts of the Northern Ireland Assembly',
    category: 'primary',
    jurisdiction: 'northern_ireland',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'uksi',
    preferenceKey: 'ukStatutoryInstruments',
    name: 'UK Statutory Instruments',
    category: 'secondary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'wsi',
    preferenceKey: 'walesStatutoryInstruments',
    name: 'Wales Statutory Instruments',
    category: 'secondary',
    jurisdiction: 'wales',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ssi',
    preferenceKey: 'scottishStatutoryInstruments',
    name: 'Scottish Statutory Instruments',
    category: 'secondary',
    jurisdiction: 'scotland',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'nisr',
    preferenceKey: 'northernIrelandStatutoryRules',
    name: 'Northern Ireland Statutory Rules',
    category: 'secondary',
    jurisdiction: 'northern_ireland',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ukmd',
    preferenceKey: 'ukMinisterialDirections',
    name: 'UK Ministerial Directions',
    category: 'secondary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ukmo',
    preferenceKey: 'ukMinisterialOrders',
    name: 'UK Ministerial Orders',
    category: 'secondary',
    jurisdiction: 'uk',
    draft: false,
    source: 'legislation_gov_uk',
  },
  {
    code: 'ukdsi',
    preferenceKey: 'ukDraftStatutoryInstruments',
    name: 'UK Draft Statutory Instruments',
    category: 'secondary',
    jurisdiction: 'uk',
    draft: true,
    source: 'legislation_gov_uk',
  },
  {
    code: 'sdsi',
    preferenceKey: 'scottishDraftStatutoryInstruments',
    name: 'Scottish Draft Statutory Instruments',
    category: 'secondary',
    jurisdiction: 'scotland',
    draft: true,
    source: 'legislation_gov_uk',
  },
  {
    code: 'nidsr',
    preferenceKey: 'northernIrelandDraftStatutoryRules',
    name: 'Northern Ireland Draft Statutory Rules',
    category: 'secondary',
    jurisdiction: 'northern_ireland',
    draft: true,
    source: 'legislation_gov_uk',
  },
  {
    code: 'uk_parliament_bill',
    preferenceKey: 'ukParliamentBills',
    name: 'UK Parliament Bills',
    category: 'primary',
    jurisdiction: 'uk',
    draft: false,
    source: 'parliament_bills',
  },
] as const;

/** Scottish Parliament bills are followed under the Acts of the Scottish Parliament switch. */
export const SCOTTISH_PARLIAMENT_BILL = 'scottish_parliament_bill';

export const LEGISLATION_TYPE_CODES = [
  ...LEGISLATION_TYPES.map((t) => t.code),
  SCOTTISH_PARLIAMENT_BILL,
] as const;

export function legislationTypeByCode(code: string): LegislationTypeInfo | undefined {
  if (code === SCOTTISH_PARLIAMENT_BILL) return LEGISLATION_TYPES.find((t) => t.code === 'asp');
  return LEGISLATION_TYPES.find((t) => t.code === code);
}

export function categoryOf(code: string): Category {
  if (code === SCOTTISH_PARLIAMENT_BILL) return 'primary';
  return legislationTypeByCode(code)?.category ?? 'secondary';
}

/**
 * The administrator's 'Set Recommended Defaults': every type published as made law or a bill;
 * drafts off (they are often withdrawn or remade, and are noisy for most members).
 */
export function recommendedAvailability(): Record<string, boolean> {
  return Object.fromEntries(LEGISLATION_TYPES.map((t) => [t.preferenceKey, !t.draft]));
}
