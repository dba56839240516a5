/**
 * The sources' own words in the member's language: stage names, houses, statuses, legislation
 * type names and jurisdictions, from the `vocabulary` and `legislationTypes` tables of each
 * dictionary (`#shared/vocabulary/locales`, merged into the language's dictionary as it loads),
 * looked up by the source's own form (`#shared/vocabulary/terms`, which the server reads too).
 * Text no table knows (a title, a quoted stage the table lacks) is shown as written, wrapped in
 * Unicode isolates so that in right-to-left text its punctuation stays where it is.
 */
import { useMemo } from 'react';
import { ITEM_DATE_KINDS } from '#shared/item-date';
import { type Translation, type TranslationKey, useTranslation } from '../index';
import { stageWords as wordsOfStage, type TermGroup, termId } from '#shared/vocabulary/terms';

/** First strong isolate … pop directional isolate: the text keeps its own direction inside any other. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The fields of a list or detail item that say what happened on its date. */
export interface DatedItem {
  itemDate: string | null;
  itemDateKind: string | null;
  currentStage?: string | null;
  currentStageDate?: string | null;
  proposedDate?: string | null;
}

export interface Vocabulary {
  /** A stage or event name ('2nd reading', 'Made', 'Stage 1 debate'), in a House too ('3rd reading in the House of Lords'). */
  stage(text: string): string;
  /** 'Commons', 'House of Lords'… */
  house(text: string): string;
  /** enacted | active | consultation | proposed */
  status(text: string): string;
  /** A jurisdiction's name ('United Kingdom') or a UK nation's ('scotland'). */
  jurisdiction(text: string): string;
  /** A legislation type's name by its code ('ukpga', 'eu_regulation'); `fallback` (or the code) when unknown. */
  typeName(code: string, fallback?: string): string;
  /** A timeline title: a stage, or a stage in a House ('2nd reading in the House of Commons'). */
  eventTitle(title: string): string;
  /** What happened on an item's date, by its `itemDateKind`; a stage's date is named by its stage. */
  dateLabel(item: DatedItem): string | null;
}

/** The vocabulary of a translation (`useVocabulary` in components). */
export function createVocabulary({ t, i18n }: Pick<Translation, 't' | 'i18n'>): Vocabulary {
  const known = (key: string) => (i18n.exists(key) ? t(key as TranslationKey) : null);
  const word = (group: TermGroup, text: string) => {
    const id = termId(group, text);
    return id && known(`vocabulary.${group}.${id}`);
  };
  const inHouse = (stage: string, house: string) =>
    t('vocabulary.stageInHouse' as TranslationKey, { stage, house });
  const stageWords = (text: string) => wordsOfStage(text, word, inHouse, isolate);
  const term = (group: TermGroup, text: string) => word(group, text) ?? isolate(text);
  const stage = (text: string) => stageWords(text) ?? isolate(text);
  return {
    stage,
    house: (text) => term('house', text),
    status: (text) => term('status', text),
    jurisdiction: (text) => term('jurisdiction', text),
    typeName: (code, fallback) => known(`legislationTypes.${code}`) ?? isolate(fallback ?? code),
    eventTitle: (title) => stageWords(title) ?? title,
    dateLabel: ({ itemDateKind: kind, itemDate, currentStage, currentStageDate, proposedDate }) => {
      if (!kind || !itemDate || !(ITEM_DATE_KINDS as readonly string[]).includes(kind)) return null;
      if (kind === 'stage') {
        if (currentStage && itemDate === currentStageDate) return stage(currentStage);
        if (itemDate === proposedDate) return stage('introduced');
      }
      // a date named as a stage is ('royal_assent', 'made', 'coming_into_force'…) has the stage's words
      return known(`vocabulary.dateKind.${kind}`) ?? stage(kind);
    },
  };
}

/** The vocabulary in the interface language; renders again when the language changes. */
export function useVocabulary(): Vocabulary {
  const translation = useTranslation();
  return useMemo(() => createVocabulary(translation), [translation]);
}
