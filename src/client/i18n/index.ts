/**
 * Interface translations. English is bundled; other dictionaries load on demand, one at a time.
 * Components read messages with `useTranslation()`: `t('landing.hero.title')`,
 * `t('dashboard.list.count', { count })`; rich text with `<Trans>` (`./trans`).
 *
 * To add a dictionary: create `locales/<code>.json` with the same keys as `en.json` and add
 * `<code>: () => import('./locales/<code>.json')` to `DICTIONARY_LOADERS` (es, fr and de are
 * the languages the product translates; the other eight show the English interface).
 * A message missing from a dictionary shows in English.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from '#client/lib/storage';
import en from './locales/en.json';
import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  documentLanguage,
  isLanguageCode,
  pickLanguage,
} from './languages';
import { type Dictionary, type TranslateOptions, type TranslationKey, lookup, translate } from './translate';

export type { AreaName, TranslateOptions, TranslationKey } from './translate';

type DictionaryLoader = () => Promise<{ default: Dictionary }>;

export const DICTIONARY_LOADERS: Partial<Record<LanguageCode, DictionaryLoader>> = {
  en: () => Promise.resolve({ default: en }),
};

export const TRANSLATED_LANGUAGES = Object.keys(DICTIONARY_LOADERS) as LanguageCode[];

/** Looks up the first key a dictionary has; `options` fill `{{placeholders}}` and choose plurals. */
export type TFunction = (
  key: TranslationKey | readonly TranslationKey[],
  options?: TranslateOptions,
) => string;

export interface I18n {
  /** The chosen language (its dictionary may be missing: the interface then shows English). */
  readonly language: LanguageCode;
  changeLanguage(code: LanguageCode): Promise<void>;
  /** Whether the current language or English has a message for the key. */
  exists(key: string): boolean;
}

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

export const dictionaries: Partial<Record<LanguageCode, Dictionary>> = { en };

export function initialLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return pickLanguage(browser);
}

function applyToDocument(code: string): void {
  if (typeof document === 'undefined') return;
  const { lang, dir } = documentLanguage(code, TRANSLATED_LANGUAGES);
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
}

function createTranslation(language: LanguageCode): Translation {
  const chain = [{ language, dictionary: dictionaries[language] }];
  if (language !== DEFAULT_LANGUAGE)
    chain.push({ language: DEFAULT_LANGUAGE, dictionary: dictionaries[DEFAULT_LANGUAGE] });
  return {
    t: (key, options) => translate(chain, key, options),
    i18n: {
      language,
      changeLanguage,
      exists: (key) => chain.some(({ dictionary }) => lookup(dictionary, key) !== undefined),
    },
  };
}

let current = createTranslation(DEFAULT_LANGUAGE);
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
export { getSnapshot as getTranslation };

export function setLanguage(code: LanguageCode): void {
  current = createTranslation(code);
  applyToDocument(code);
  for (const listener of listeners) listener();
}

function hasDictionary(code: LanguageCode): boolean {
  return dictionaries[code] !== undefined || DICTIONARY_LOADERS[code] === undefined;
}

export async function ensureDictionary(code: LanguageCode): Promise<void> {
  if (hasDictionary(code)) return;
  const dictionary = await DICTIONARY_LOADERS[code]!();
  dictionaries[code] = dictionary.default;
}

/** For `./areas`: work run before every language switch (loading areas in the new language). */
export const beforeLanguageSwitch: ((code: LanguageCode) => Promise<unknown>)[] = [];

/** Counts language switches, so that a dictionary arriving late never overrides a later choice. */
let switches = 0;

async function switchLanguage(code: LanguageCode): Promise<boolean> {
  const request = ++switches;
  await ensureDictionary(code);
  await Promise.all(beforeLanguageSwitch.map((load) => load(code)));
  if (request !== switches) return false;
  setLanguage(code);
  return true;
}

/** Switches the interface language, loading its dictionary first, and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (await switchLanguage(code)) writeStorage(STORAGE_KEYS.language, code);
}

/** The messages of the current language and `i18n`; the component renders again when the language changes. */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

applyToDocument(DEFAULT_LANGUAGE);
const startLanguage = initialLanguage();
if (startLanguage !== DEFAULT_LANGUAGE) {
  // with its dictionary at hand (or none to load), the first render is already in that language
  if (hasDictionary(startLanguage)) setLanguage(startLanguage);
  else void switchLanguage(startLanguage).catch(() => undefined); // dictionary unavailable: English stays
}
