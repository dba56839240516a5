/**
 * Each language's dictionary but English's (bundled with `./index`), each a chunk of its own
 * (`locale-<code>`): the interface's messages with the sources' words (`#shared/vocabulary/locales`),
 * which the build puts in the same chunk, so a language is one download. This table is itself
 * loaded only when another language is wanted, so the code every page runs does not carry the
 * chunks' names.
 */
import type { LanguageCode } from '#shared/languages';
import { withSourceWords, type WordTree } from '#shared/vocabulary/dictionary';
import type { Dictionary } from './translate';

type DictionaryLoader = () => Promise<{ default: Dictionary }>;

/** The interface's messages of a language with its sources' words merged in. */
const together = async (
  messages: Promise<{ default: Dictionary }>,
  words: Promise<{ default: WordTree }>,
): Promise<{ default: Dictionary }> => {
  const [{ default: main }, { default: sourceWords }] = await Promise.all([messages, words]);
  return { default: withSourceWords(main, sourceWords) };
};

export const DICTIONARY_LOADERS: Partial<Record<LanguageCode, DictionaryLoader>> = {
  es: () => together(import('./locales/es.json'), import('#shared/vocabulary/locales/es.json')),
  fr: () => together(import('./locales/fr.json'), import('#shared/vocabulary/locales/fr.json')),
  de: () => together(import('./locales/de.json'), import('#shared/vocabulary/locales/de.json')),
  it: () => together(import('./locales/it.json'), import('#shared/vocabulary/locales/it.json')),
  pt: () => together(import('./locales/pt.json'), import('#shared/vocabulary/locales/pt.json')),
  ja: () => together(import('./locales/ja.json'), import('#shared/vocabulary/locales/ja.json')),
  ko: () => together(import('./locales/ko.json'), import('#shared/vocabulary/locales/ko.json')),
  zh: () => together(import('./locales/zh.json'), import('#shared/vocabulary/locales/zh.json')),
  ar: () => together(import('./locales/ar.json'), import('#shared/vocabulary/locales/ar.json')),
  ru: () => together(import('./locales/ru.json'), import('#shared/vocabulary/locales/ru.json')),
  nl: () => together(import('./locales/nl.json'), import('#shared/vocabulary/locales/nl.json')),
};
