/**
 * Each language's dictionary but English's (bundled with `./index`), each a chunk of its own
 * (`locale-<code>`). This table is itself loaded only when another language is wanted, so the
 * code every page runs does not carry the chunks' names.
 */
import type { LanguageCode } from '#shared/languages';
import type { Dictionary } from './translate';

type DictionaryLoader = () => Promise<{ default: Dictionary }>;

export const DICTIONARY_LOADERS: Partial<Record<LanguageCode, DictionaryLoader>> = {
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  it: () => import('./locales/it.json'),
  pt: () => import('./locales/pt.json'),
  ja: () => import('./locales/ja.json'),
  ko: () => import('./locales/ko.json'),
  zh: () => import('./locales/zh.json'),
  ar: () => import('./locales/ar.json'),
  ru: () => import('./locales/ru.json'),
  nl: () => import('./locales/nl.json'),
};
