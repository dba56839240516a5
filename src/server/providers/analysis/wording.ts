/**
 * The words of one language for the official-records overview, bound: its messages (`analysis.…`
 * of `src/server/messages/locales`), its dates and quotation marks, and the sources' words for
 * stages, houses and legislation types, the same the interface shows (`#shared/vocabulary`).
 * Recorded text (titles, summaries, names) is never translated; a stage or type the dictionaries
 * do not know is shown as the source wrote it, quoted where the sentence needs it.
 */
import { t, type MessageLanguage } from '#server/messages/i18n';
import { sourceWords } from '#shared/vocabulary/words';
import { bare, day, quoted } from './official-records-text';

const ARABIC_LETTER = /[\u0600-\u06ff]/;
const LATIN_LETTER = /[A-Za-z]/;
/**
 * English text kept apart from the Arabic around it (first strong isolate … pop). Numbers and
 * dates are left as they are: isolated, they would lose the sentence's direction.
 */
const isolate = (text: string) =>
  LATIN_LETTER.test(text) && !ARABIC_LETTER.test(text) ? `\u2068${text}\u2069` : text;

/** How source text the dictionaries do not know stands in a sentence: as written, or quoted. */
export type Unknown = 'asWritten' | 'quoted';

/** The words of one language, bound: `say('status.made', { date })` is `analysis.status.made`. */
export function wording(lang: MessageLanguage) {
  // Japanese and Chinese run sentences on after their full stop; the others leave a space
  const between = lang === 'ja' || lang === 'zh' ? '' : ' ';
  // In Arabic, recorded English text (titles, stages, names) is isolated so that its direction
  // does not carry into the sentence around it (a full stop after an English title stays at the end)
  const values = (given: Record<string, string | number>) =>
    lang === 'ar'
      ? Object.fromEntries(
          Object.entries(given).map(([k, v]) => [k, typeof v === 'string' && v ? isolate(v) : v]),
        )
      : given;
  const quote = (text: string) => quoted(lang, text);
  /** recorded text inside words of the language */
  const kept = (text: string) => (lang === 'ar' ? isolate(text) : text);
  // the sources write in English: an English reader reads their own words
  const words = lang === 'en' ? null : sourceWords(lang, kept);
  const asWritten = (text: string, unknown: Unknown) => (unknown === 'quoted' ? quote(text) : bare(text));
  return {
    join: (sentences: string[]) => sentences.join(between),
    /** recorded text shown on its own (a summary sentence as a list entry) */
    recorded: kept,
    say: (key: string, given: Record<string, string | number> = {}) =>
      t(lang, `analysis.${key}`, values(given)),
    day: (date: string | null) => day(lang, date),
    quote,
    /** A stage or event title ('2nd reading', '3rd reading in the House of Lords', 'Made'). */
    stage: (text: string, unknown: Unknown = 'asWritten') =>
      words?.stage(bare(text)) ?? asWritten(text, unknown),
    /** A stage in a House ('2nd reading', 'House of Commons'), the stage quoted when unknown. */
    stageInHouse: (stage: string, house: string) =>
      words
        ? words.stageInHouse(
            words.stage(bare(stage)) ?? kept(quote(stage)),
            words.house(house) ?? kept(house),
          )
        : `${bare(stage)} in the ${house}`,
    /** A legislation type by its code, else its English name quoted. */
    typeName: (code: string, name: string) => (words ? (words.typeName(code) ?? quote(name)) : name),
  };
}
export type Wording = ReturnType<typeof wording>;
