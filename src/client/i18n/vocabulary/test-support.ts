/** Translations and vocabularies of the real dictionaries, for the vocabulary's tests. */
import type { LanguageCode } from '#shared/languages';
import legalChangeAr from '../area-locales/legal-change/ar.json';
import legalChangeDe from '../area-locales/legal-change/de.json';
import legalChangeEn from '../area-locales/legal-change/en.json';
import legalChangeEs from '../area-locales/legal-change/es.json';
import legalChangeFr from '../area-locales/legal-change/fr.json';
import legalChangeIt from '../area-locales/legal-change/it.json';
import legalChangeJa from '../area-locales/legal-change/ja.json';
import legalChangeKo from '../area-locales/legal-change/ko.json';
import legalChangeNl from '../area-locales/legal-change/nl.json';
import legalChangePt from '../area-locales/legal-change/pt.json';
import legalChangeRu from '../area-locales/legal-change/ru.json';
import legalChangeZh from '../area-locales/legal-change/zh.json';
import type { Translation } from '../index';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import ja from '../locales/ja.json';
import ko from '../locales/ko.json';
import nl from '../locales/nl.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import zh from '../locales/zh.json';
import { withSourceWords } from '#shared/vocabulary/dictionary';
import wordsAr from '#shared/vocabulary/locales/ar.json';
import wordsDe from '#shared/vocabulary/locales/de.json';
import wordsEn from '#shared/vocabulary/locales/en.json';
import wordsEs from '#shared/vocabulary/locales/es.json';
import wordsFr from '#shared/vocabulary/locales/fr.json';
import wordsIt from '#shared/vocabulary/locales/it.json';
import wordsJa from '#shared/vocabulary/locales/ja.json';
import wordsKo from '#shared/vocabulary/locales/ko.json';
import wordsNl from '#shared/vocabulary/locales/nl.json';
import wordsPt from '#shared/vocabulary/locales/pt.json';
import wordsRu from '#shared/vocabulary/locales/ru.json';
import wordsZh from '#shared/vocabulary/locales/zh.json';
import { type Dictionary, lookup, translate } from '../translate';
import { createVocabulary, type Vocabulary } from './index';

/** Each language's interface dictionary, with the sources' words and its legal change area (`legalChange.…`). */
export const DICTIONARIES: Record<LanguageCode, Dictionary> = Object.fromEntries(
  (
    [
      ['en', en, wordsEn, legalChangeEn],
      ['de', de, wordsDe, legalChangeDe],
      ['fr', fr, wordsFr, legalChangeFr],
      ['es', es, wordsEs, legalChangeEs],
      ['it', it, wordsIt, legalChangeIt],
      ['nl', nl, wordsNl, legalChangeNl],
      ['pt', pt, wordsPt, legalChangePt],
      ['ru', ru, wordsRu, legalChangeRu],
      ['ar', ar, wordsAr, legalChangeAr],
      ['zh', zh, wordsZh, legalChangeZh],
      ['ja', ja, wordsJa, legalChangeJa],
      ['ko', ko, wordsKo, legalChangeKo],
    ] as const
  ).map(([code, main, words, legalChange]) => [
    code,
    { ...withSourceWords(main, words), legalChange } as Dictionary,
  ]),
) as Record<LanguageCode, Dictionary>;

/** A translation in a language, falling back to English as the app's does. */
export function translationIn(language: LanguageCode): Pick<Translation, 't' | 'i18n'> {
  const chain = [
    { language, dictionary: DICTIONARIES[language] },
    { language: 'en', dictionary: DICTIONARIES.en },
  ];
  return {
    t: (key, options) => translate(chain, key as string, options),
    i18n: {
      language,
      changeLanguage: async () => {},
      exists: (key) => chain.some((c) => lookup(c.dictionary, key) !== undefined),
    },
  };
}

export function vocabularyIn(language: LanguageCode): Vocabulary {
  return createVocabulary(translationIn(language));
}
