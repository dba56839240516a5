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
import { type Dictionary, lookup, translate } from '../translate';
import { createVocabulary, type Vocabulary } from './index';

/** Each language's interface dictionary with its legal change area (`legalChange.…`). */
export const DICTIONARIES: Record<LanguageCode, Dictionary> = Object.fromEntries(
  (
    [
      ['en', en, legalChangeEn],
      ['de', de, legalChangeDe],
      ['fr', fr, legalChangeFr],
      ['es', es, legalChangeEs],
      ['it', it, legalChangeIt],
      ['nl', nl, legalChangeNl],
      ['pt', pt, legalChangePt],
      ['ru', ru, legalChangeRu],
      ['ar', ar, legalChangeAr],
      ['zh', zh, legalChangeZh],
      ['ja', ja, legalChangeJa],
      ['ko', ko, legalChangeKo],
    ] as const
  ).map(([code, main, legalChange]) => [code, { ...main, legalChange } as Dictionary]),
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
