/**
 * Interface translations in the twelve languages. English is bundled; each other dictionary is
 * a chunk of its own (`./dictionaries`) holding its messages and the sources' words
 * (`#shared/vocabulary/locales`: stages, houses, type names), loaded on demand when its language
 * is chosen, so a language costs nothing to those who don't use it. Components read messages with `useTranslation()`:
 * `t('landing.hero.title')`, `t('dashboard.list.count', { count })`; rich text with `<Trans>`
 * (`./trans`). Areas with dictionaries of their own (the console) load through `./areas`.
 *
 * Every dictionary has every key of `en.json` (`scripts/check-locales.mjs`, run by the unit
 * tests); a message missing all the same (a dictionary that failed to load) shows in English.
 *
 * The language at start: the visitor's stored choice, else the browser's languages
 * (`initialLanguage`); a member's account language replaces it once the session is known.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from '#client/lib/storage';
import { withSourceWords } from '#shared/vocabulary/dictionary';
import englishWords from '#shared/vocabulary/locales/en.json';
import en from './locales/en.json';
import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  directionOf,
  isLanguageCode,
  firstSupportedLanguage,
} from '#shared/languages';
import { type Dictionary, type TranslateOptions, type TranslationKey, lookup, translate } from './translate';

export type { AreaName, TranslateOptions, TranslationKey } from './translate';

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

/** Each loaded language's messages, with the sources' words (`#shared/vocabulary`) merged in. */
export const dictionaries: Partial<Record<LanguageCode, Dictionary>> = {
  en: withSourceWords(en, englishWords),
};

export function initialLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return firstSupportedLanguage(browser);
}

/** Marks the page with the language actually shown (English when the chosen one's dictionary is missing). */
function applyToDocument(code: LanguageCode): void {
  if (typeof document === 'undefined') return;
  const lang = dictionaries[code] ? code : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
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
export { getSnapshot as getTranslation, subscribe as subscribeToLanguage };

export function setLanguage(code: LanguageCode): void {
  current = createTranslation(code);
  applyToDocument(code);
  for (const listener of listeners) listener();
}

/** Loads a language's dictionary, once (none to load: the interface shows English). */
export async function ensureDictionary(code: LanguageCode): Promise<void> {
  if (dictionaries[code]) return;
  const loader = (await import('./dictionaries')).DICTIONARY_LOADERS[code];
  if (loader) dictionaries[code] = (await loader()).default;
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

/**
 * Settles once the start language's dictionary is in (or could not be loaded: English stays),
 * so the first render can be in that language.
 */
export const languageReady: Promise<unknown> =
  startLanguage === DEFAULT_LANGUAGE ? Promise.resolve() : switchLanguage(startLanguage).catch(() => false);
