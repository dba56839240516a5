/**
 * The kinds of effect legislation.gov.uk records of later legislation on an Act or instrument
 * (the `Type` of a `ukm:Effect`), as its editors write them in English, each with the id of its
 * words in the dictionaries (`effects.types.<id>` on the client, `events.effectTypes.<id>` in the
 * server's messages). The first form of each id is the one the English dictionaries hold.
 * Singular and plural ("word substituted", "words substituted") are kinds of their own: they say
 * how much text changed. Case, spacing and a closing full stop make no difference; a form the
 * table lacks has no id and is shown as the source wrote it.
 */

export const EFFECT_TYPES = {
  // the text of a provision
  inserted: ['inserted'],
  substituted: ['substituted'],
  omitted: ['omitted'],
  repealed: ['repealed'],
  revoked: ['revoked'],
  added: ['added'],
  amended: ['amended'],
  repealedInPart: ['repealed in part'],
  revokedInPart: ['revoked in part'],
  renumbered: ['renumbered'],
  // words of a provision
  wordInserted: ['word inserted'],
  wordsInserted: ['words inserted'],
  wordSubstituted: ['word substituted'],
  wordsSubstituted: ['words substituted'],
  wordOmitted: ['word omitted'],
  wordsOmitted: ['words omitted'],
  wordRepealed: ['word repealed'],
  wordsRepealed: ['words repealed'],
  wordRevoked: ['word revoked'],
  wordsRevoked: ['words revoked'],
  // headings
  headingInserted: ['heading inserted'],
  headingSubstituted: ['heading substituted'],
  headingOmitted: ['heading omitted'],
  headingRepealed: ['heading repealed'],
  crossHeadingInserted: ['cross-heading inserted', 'cross heading inserted', 'crossheading inserted'],
  crossHeadingSubstituted: [
    'cross-heading substituted',
    'cross heading substituted',
    'crossheading substituted',
  ],
  crossHeadingOmitted: ['cross-heading omitted', 'cross heading omitted', 'crossheading omitted'],
  crossHeadingRepealed: ['cross-heading repealed', 'cross heading repealed', 'crossheading repealed'],
  // entries of a list or table
  entryInserted: ['entry inserted'],
  entriesInserted: ['entries inserted'],
  entrySubstituted: ['entry substituted'],
  entriesSubstituted: ['entries substituted'],
  entryOmitted: ['entry omitted'],
  entriesOmitted: ['entries omitted'],
  entryRepealed: ['entry repealed'],
  entriesRepealed: ['entries repealed'],
  entryRevoked: ['entry revoked'],
  entriesRevoked: ['entries revoked'],
  // definitions
  definitionInserted: ['definition inserted'],
  definitionsInserted: ['definitions inserted'],
  definitionSubstituted: ['definition substituted'],
  definitionsSubstituted: ['definitions substituted'],
  definitionOmitted: ['definition omitted'],
  definitionsOmitted: ['definitions omitted'],
  definitionRepealed: ['definition repealed'],
  definitionsRepealed: ['definitions repealed'],
  definitionRevoked: ['definition revoked'],
  // effects on how a provision applies, without changing its text
  comingIntoForce: ['coming into force'],
  applied: ['applied'],
  appliedWithModifications: ['applied (with modifications)'],
  modified: ['modified'],
  extendedWithModifications: ['extended (with modifications)'],
  excluded: ['excluded'],
  extended: ['extended'],
  restricted: ['restricted'],
  disapplied: ['disapplied'],
  saved: ['saved'],
  powerToAmendConferred: ['power to amend conferred'],
  powerToRepealConferred: ['power to repeal conferred'],
  powerToModifyConferred: ['power to modify conferred'],
  functionsTransferred: ['functions transferred'],
  transitionalProvisions: ['transitional provisions'],
  savings: ['savings'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type EffectTypeId = keyof typeof EFFECT_TYPES;

export const EFFECT_TYPE_IDS = Object.keys(EFFECT_TYPES) as EffectTypeId[];

/** Lower case, single spaces, trimmed, no closing full stop. */
export function normalizeEffectType(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.+$/, '').trim();
}

const BY_FORM = new Map<string, EffectTypeId>(
  EFFECT_TYPE_IDS.flatMap((id) => EFFECT_TYPES[id].map((form) => [form, id] as const)),
);

/** The id of an effect type as legislation.gov.uk writes it, or null for a form the table lacks. */
export function effectTypeId(text: string | null | undefined): EffectTypeId | null {
  if (!text) return null;
  return BY_FORM.get(normalizeEffectType(text)) ?? null;
}
