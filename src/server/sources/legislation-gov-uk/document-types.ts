/**
 * legislation.gov.uk document types: URI code ↔ `ukm:DocumentMainType`, and the followed
 * legislation type (src/shared/legislation.ts) each one is filed under. Types the product
 * has no switch for go to the nearest followed type of the same nation and kind
 * (Acts of the National Assembly for Wales and Assembly Measures → Acts of Senedd Cymru).
 * EU-origin types are not followed.
 */

export type DocumentKind = 'act' | 'instrument' | 'draft' | 'eu';

export interface DocumentType {
  code: string;
  mainType: string;
  kind: DocumentKind;
  /** a code of LEGISLATION_TYPE_CODES, or null when not followed */
  followed: string | null;
}

const type = (
  code: string,
  mainType: string,
  kind: DocumentKind,
  followed: string | null = code,
): DocumentType => ({
  code,
  mainType,
  kind,
  followed,
});

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  // primary: followed types
  type('ukpga', 'UnitedKingdomPublicGeneralAct', 'act'),
  type('ukla', 'UnitedKingdomLocalAct', 'act'),
  type('ukppa', 'UnitedKingdomPrivateOrPersonalAct', 'act'),
  type('asp', 'ScottishAct', 'act'),
  type('asc', 'WelshParliamentAct', 'act'),
  type('nia', 'NorthernIrelandAct', 'act'),
  // primary: earlier and related series
  type('anaw', 'WelshNationalAssemblyAct', 'act', 'asc'),
  type('mwa', 'WelshAssemblyMeasure', 'act', 'asc'),
  type('mnia', 'NorthernIrelandAssemblyMeasure', 'act', 'nia'),
  type('apni', 'NorthernIrelandParliamentAct', 'act', 'nia'),
  type('aip', 'IrelandAct', 'act', 'nia'),
  type('ukcm', 'UnitedKingdomChurchMeasure', 'act', 'ukpga'),
  type('apgb', 'GreatBritainAct', 'act', 'ukpga'),
  type('aep', 'EnglandAct', 'act', 'ukpga'),
  type('gbla', 'GreatBritainLocalAct', 'act', 'ukla'),
  type('gbppa', 'GreatBritainPrivateOrPersonalAct', 'act', 'ukppa'),
  type('aosp', 'ScottishOldAct', 'act', 'asp'),
  // secondary
  type('uksi', 'UnitedKingdomStatutoryInstrument', 'instrument'),
  type('wsi', 'WelshStatutoryInstrument', 'instrument'),
  type('ssi', 'ScottishStatutoryInstrument', 'instrument'),
  type('nisr', 'NorthernIrelandStatutoryRule', 'instrument'),
  type('ukmd', 'UnitedKingdomMinisterialDirection', 'instrument'),
  type('ukmo', 'UnitedKingdomMinisterialOrder', 'instrument'),
  type('nisi', 'NorthernIrelandOrderInCouncil', 'instrument', 'nisr'),
  type('nisro', 'NorthernIrelandStatutoryRuleOrOrder', 'instrument', 'nisr'),
  type('uksro', 'UnitedKingdomStatutoryRuleOrOrder', 'instrument', 'uksi'),
  type('ukci', 'UnitedKingdomChurchInstrument', 'instrument', 'uksi'),
  // drafts, numbered by ISBN
  type('ukdsi', 'UnitedKingdomDraftStatutoryInstrument', 'draft'),
  type('sdsi', 'ScottishDraftStatutoryInstrument', 'draft'),
  type('nidsr', 'NorthernIrelandDraftStatutoryRule', 'draft'),
  type('nidsi', 'NorthernIrelandDraftOrderInCouncil', 'draft', 'nidsr'),
  // Welsh drafts have no switch of their own: filed with Welsh SIs, marked as drafts
  type('wdsi', 'WelshDraftStatutoryInstrument', 'draft', 'wsi'),
  // EU-origin
  type('eur', 'EuropeanUnionRegulation', 'eu', null),
  type('eudn', 'EuropeanUnionDecision', 'eu', null),
  type('eudr', 'EuropeanUnionDirective', 'eu', null),
  type('eut', 'EuropeanUnionTreaty', 'eu', null),
];

const byCode = new Map(DOCUMENT_TYPES.map((t) => [t.code, t]));
const byMainType = new Map(DOCUMENT_TYPES.map((t) => [t.mainType, t]));

export function documentTypeByCode(code: string): DocumentType | undefined {
  return byCode.get(code.toLowerCase());
}

/** Facet values such as 'EuropeanUnionRegulation|ukamended=true' are read up to the '|'. */
export function documentTypeByMainType(mainType: string): DocumentType | undefined {
  return byMainType.get(mainType.split('|')[0]!.trim());
}
