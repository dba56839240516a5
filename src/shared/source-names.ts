/**
 * The human name of each item's official source, keyed by the `source` an item is stored with.
 * The official link of an item is labelled with it ("View on legislation.gov.uk").
 */
export const SOURCE_NAMES = {
  legislation_gov_uk: 'legislation.gov.uk',
  parliament_bills: 'UK Parliament',
  scottish_parliament: 'Scottish Parliament',
  eur_lex: 'EUR-Lex',
  federal_register: 'Federal Register',
  congress_gov: 'Congress.gov',
  canada_legisinfo: 'LEGISinfo',
  canada_justice_laws: 'Justice Laws',
  australia_frl: 'Federal Register of Legislation',
} as const;
export type SourceCode = keyof typeof SOURCE_NAMES;

/** The name of a stored source, or null for a source the table does not know. */
export function sourceNameOf(source: string): string | null {
  return Object.hasOwn(SOURCE_NAMES, source) ? SOURCE_NAMES[source as SourceCode] : null;
}
