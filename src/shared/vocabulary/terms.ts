/**
 * The words the official sources use for stages, houses, statuses and jurisdictions, as they
 * write them in English, and the key of each in the `vocabulary` dictionary (`./locales/<lang>.json`,
 * `vocabulary.<group>.<key>`, read by the interface and by the server's composed overview alike).
 * A key is the source's own form as a slug ('Consideration of Lords amendments' →
 * `consideration_of_lords_amendments`), so the dictionary alone says which forms are known and
 * only synonyms are listed here. Case, spacing, punctuation and `&`/`and` make no difference;
 * text whose key no dictionary has is shown as the source wrote it.
 */

/** Another form of a word, by its slug → the slug of the form the dictionary holds. */
const ALIASES = new Map(
  Object.entries({
    first_reading: '1st_reading',
    second_reading: '2nd_reading',
    third_reading: '3rd_reading',
    '2nd_reading_committee': 'second_reading_committee',
    special_public_bill_committee: 'lords_special_public_bill_committee',
    ping_pong: 'consideration_of_amendments',
    bill_introduced: 'introduced',
    bill_withdrawn: 'withdrawn',
    enacted_royal_assent: 'royal_assent',
    royal_assent_received: 'royal_assent',
    laid_before_the_uk_parliament: 'laid_before_parliament',
    laid_before_the_national_assembly_for_wales: 'laid_before_the_senedd',
    coming_into_force: 'comes_into_force',
    entry_into_force: 'comes_into_force',
    takes_effect: 'comes_into_force',
    consultation_end: 'consultation_closes',
    comment_period_closes: 'consultation_closes',
    commons: 'house_of_commons',
    lords: 'house_of_lords',
    uk: 'united_kingdom',
  }),
);

/** Lower case, single spaces, no full stop at the end. */
export function normalizeTerm(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.]+$/, '');
}

/** A source text as a dictionary key: letters and digits, words joined by `_` (never a `.`). */
export function termSlug(text: string): string {
  return normalizeTerm(text)
    .replace(/&amp;/g, '&')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export type TermGroup = 'stage' | 'house' | 'jurisdiction' | 'status';

/**
 * The key of a source text in its group of the `vocabulary` dictionary, or null for no text.
 * Whether the text is known is the dictionary's to say (`vocabulary.<group>.<key>`).
 */
export function termId(_group: TermGroup, text: string | null | undefined): string | null {
  const slug = text ? termSlug(text) : '';
  return slug ? (ALIASES.get(slug) ?? slug) : null;
}

/**
 * A stage title in a House or chamber ('2nd reading in the House of Commons', 'First reading in
 * the Senate', 'Introduced in the House'), split into its stage and house.
 */
export function splitStageInHouse(title: string): { stage: string; house: string } | null {
  const match = /^(.+?) in the (house of (?:commons|lords)|senate|house)$/i.exec(title.trim());
  return match ? { stage: match[1]!, house: match[2]! } : null;
}

/** The words of `vocabulary.<group>.<key>` for a source text, or null when the dictionary lacks it. */
export type WordOf = (group: TermGroup, text: string) => string | null;

/**
 * A stage's words: the whole text, a stage in a House ('2nd reading in the House of Commons'), or
 * a stage with a note in brackets ('Royal Assent (2026 c. 3)'); null when the dictionary lacks
 * them. `inHouse` puts a stage and a House, both in words, together (`vocabulary.stageInHouse`);
 * `keep` marks source text kept as written inside the words (the note).
 */
export function stageWords(
  text: string,
  word: WordOf,
  inHouse: (stage: string, house: string) => string,
  keep: (text: string) => string,
): string | null {
  const whole = word('stage', text);
  if (whole) return whole;
  const parts = splitStageInHouse(text);
  const stage = parts && word('stage', parts.stage);
  const house = parts && word('house', parts.house);
  if (stage && house) return inHouse(stage, house);
  const [, head, note] = /^(.+?)\s*(\([^()]*\))$/.exec(text.trim()) ?? [];
  const headWords = head && word('stage', head);
  return headWords && note ? `${headWords} ${keep(note)}` : null;
}
