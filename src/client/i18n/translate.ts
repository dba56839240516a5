/**
 * Message lookup for the interface dictionaries (`locales/<code>.json`): nested keys
 * (`landing.hero.title`), `{{name}}` placeholders, and plurals chosen with `count` from the
 * language's `Intl.PluralRules` (`key_one`, `key_other`, `key_few`… and `key_zero` for a count of 0).
 */
import type en from './locales/en.json';
import type adminEn from './area-locales/admin/en.json';
import type legalChangeEn from './area-locales/legal-change/en.json';
import type legalSourcesEn from './area-locales/legal-sources/en.json';
import type developersEn from './area-locales/developers/en.json';
import type channelsEn from './area-locales/channels/en.json';
import type dataStateEn from './area-locales/data-state/en.json';
import type teamEn from './area-locales/team/en.json';
import type landingEn from './area-locales/landing/en.json';

/**
 * Areas whose messages load with the area's screens (`loadArea`), not with every page: their
 * keys are `<area>.…` like any other.
 */
export interface AreaDictionaries {
  admin: typeof adminEn;
  legalChange: typeof legalChangeEn;
  legalSources: typeof legalSourcesEn;
  developers: typeof developersEn;
  /** signed webhooks and browser push on /preferences */
  channels: typeof channelsEn;
  /** the dashboard's stale-data banner and sync messages, loaded when shown */
  dataState: typeof dataStateEn;
  /** the organisation screens, the team view and the assessment panel */
  team: typeof teamEn;
  /** the landing page (its words are read by no other page) */
  landing: typeof landingEn;
}
export type AreaName = keyof AreaDictionaries;

/** A dictionary: nested objects whose leaves are messages. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** The dotted paths of a dictionary's messages. */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;

type EnglishKey = Leaves<typeof en & AreaDictionaries>;
/** Every message key of the English dictionary, plural keys also by their base (`dashboard.list.count`). */
export type TranslationKey = EnglishKey | WithoutPlural<EnglishKey>;

export interface TranslateOptions {
  /** Chooses the plural form and fills `{{count}}`. */
  count?: number;
  /** Shown when no dictionary has the key (otherwise the key itself is shown). */
  defaultValue?: string;
  /** Values for the `{{placeholders}}`. */
  [name: string]: unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in a language (`one`, `other`, `few`…). */
export function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The message at a dotted path, or undefined when there is none (or the path names a group). */
export function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const segment of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** Fills `{{name}}` placeholders; a placeholder without a value is left as written. */
export function interpolate(message: string, values: Record<string, unknown> | undefined): string {
  if (!values || !message.includes('{{')) return message;
  return message.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!(name in values)) return placeholder;
    const value = values[name];
    return value === undefined ? placeholder : value === null ? '' : String(value);
  });
}

/**
 * The message for the first key any dictionary has, in order: each key in the dictionaries
 * given (the chosen language first, English last), with the plural form of that dictionary's
 * language when `count` is a number.
 */
export function translate(
  dictionaries: readonly { language: string; dictionary: Dictionary | undefined }[],
  keys: string | readonly string[],
  options: TranslateOptions = {},
): string {
  const list = typeof keys === 'string' ? [keys] : keys;
  const count = typeof options.count === 'number' ? options.count : undefined;
  for (const key of list) {
    for (const { language, dictionary } of dictionaries) {
      if (!dictionary) continue;
      const candidates = count === undefined ? [key] : [`${key}_${pluralForm(language, count)}`, key];
      if (count === 0) candidates.unshift(`${key}_zero`);
      for (const candidate of candidates) {
        const message = lookup(dictionary, candidate);
        if (message !== undefined) return interpolate(message, options);
      }
    }
  }
  if (typeof options.defaultValue === 'string') return interpolate(options.defaultValue, options);
  return list[list.length - 1] ?? '';
}
