/**
 * The words of every email and text the service sends, from the `messages` dictionaries
 * (`locales/<lang>.json`, one per language of the interface, checked against English by
 * `scripts/check-locales.mjs`). Keys are dotted paths, `{{name}}` placeholders are filled in,
 * and a `count` chooses the plural form of the language (`key_one`, `key_few`…, from
 * `Intl.PluralRules`). A message missing in a language falls back to English.
 */
import { pickLanguage } from '#shared/accept-language';
import { LANGUAGE_CODES, directionOf, isLanguageCode, type LanguageCode } from '#shared/languages';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import nl from './locales/nl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import zh from './locales/zh.json';

export const MESSAGE_LANGUAGES = LANGUAGE_CODES;
export type MessageLanguage = LanguageCode;
/** The language rules are the shared ones (`#shared/languages`). */
export { directionOf, pickLanguage };
export const isMessageLanguage = isLanguageCode;

interface Tree {
  [key: string]: string | Tree;
}

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const SOURCES: Record<MessageLanguage, Tree> = { en, es, fr, de, it, pt, ja, ko, zh, ar, ru, nl };
const DICTIONARIES = new Map<string, Map<string, string>>(
  Object.entries(SOURCES).map(([lang, tree]) => [lang, flatten(tree)]),
);

/** The Intl locale of a language: British English, Simplified Chinese (Mainland). */
export const intlLocale = (lang: MessageLanguage): string =>
  lang === 'en' ? 'en-GB' : lang === 'zh' ? 'zh-CN' : lang;

const LANGUAGES = Object.keys(SOURCES) as MessageLanguage[];
const PLURAL_RULES = new Map<string, Intl.PluralRules>(
  LANGUAGES.map((lang) => [lang, new Intl.PluralRules(intlLocale(lang))]),
);
export function pluralForm(lang: MessageLanguage, count: number): Intl.LDMLPluralRule {
  return (PLURAL_RULES.get(lang) ?? new Intl.PluralRules(intlLocale(lang))).select(count);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export type MessageValues = Record<string, string | number>;

function fill(message: string, values: MessageValues, lang: MessageLanguage): string {
  return message.replace(PLACEHOLDER, (whole, name: string, offset: number) => {
    const value = values[name];
    if (value === undefined) return whole;
    const text = typeof value === 'number' ? formatNumber(lang, value) : value;
    // a value that ends in its own full stop ('30 сентября 2026 г.') takes the sentence's one
    return text.endsWith('.') && message[offset + whole.length] === '.' ? text.slice(0, -1) : text;
  });
}

function find(lang: MessageLanguage, key: string, count: number | undefined): string | undefined {
  const dictionary = DICTIONARIES.get(lang);
  if (!dictionary) return undefined;
  if (count === undefined) return dictionary.get(key);
  const candidates = [`${key}_${pluralForm(lang, count)}`, `${key}_other`];
  if (count === 0) candidates.unshift(`${key}_zero`);
  for (const candidate of candidates) {
    const message = dictionary.get(candidate);
    if (message !== undefined) return message;
  }
  // a message without plural forms that shows a number
  return dictionary.get(key);
}

/** Whether English has the message `key` (plain or with plural forms). */
export function hasMessage(key: string): boolean {
  const english = DICTIONARIES.get('en')!;
  return english.has(key) || english.has(`${key}_other`);
}

/**
 * The message `key` in `lang` with its placeholders filled (numbers in the language's digits and
 * grouping). With `count` among the values, the plural form is chosen by it.
 */
export function t(lang: MessageLanguage, key: string, values: MessageValues = {}): string {
  const count = typeof values.count === 'number' ? values.count : undefined;
  const message = find(lang, key, count) ?? find('en', key, count);
  if (message === undefined) throw new Error(`no message "${key}" in the messages dictionaries`);
  return fill(message, values, lang);
}

export function formatNumber(lang: MessageLanguage, value: number): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** The zone to show times in: the member's own when it is a zone Intl knows, else Europe/London. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'Europe/London';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'Europe/London';
  }
}

/**
 * A date in words in the member's language: an instant on the member's calendar (their time
 * zone), or a calendar date (`YYYY-MM-DD`) as it is. `2026-10-12` → en "12 October 2026",
 * ja "2026年10月12日", ar "12 أكتوبر 2026".
 */
export function formatDate(
  lang: MessageLanguage,
  value: Date | string,
  opts: { timeZone?: string | null } = {},
): string {
  const calendarDate = typeof value === 'string';
  const date = calendarDate ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'long',
    timeZone: calendarDate ? 'UTC' : safeTimeZone(opts.timeZone),
  }).format(date);
}

const mediumDateFormat = (lang: MessageLanguage) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : intlLocale(lang), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
const MEDIUM_DATES = new Map<MessageLanguage, Intl.DateTimeFormat>(
  LANGUAGES.map((lang) => [lang, mediumDateFormat(lang)]),
);

/**
 * A calendar date (`YYYY-MM-DD`) as the language's medium date: en "Oct 8, 2026" (the spec's
 * 'MMM d, yyyy', as the interface shows it), es "8 oct 2026", ja "2026/10/08".
 */
export function formatMediumDate(lang: MessageLanguage, value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return (MEDIUM_DATES.get(lang) ?? mediumDateFormat(lang)).format(date);
}
/** A date and time in the member's language and time zone (with the zone's name). */
export function formatDateTime(lang: MessageLanguage, value: Date, timeZone?: string | null): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: safeTimeZone(timeZone),
  }).format(value);
}

/** `a, b and c` in the language's own words and punctuation (ja `a、b、c`). */
export function formatList(lang: MessageLanguage, items: string[]): string {
  return new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' }).format(items);
}
