/** Types of scripts/check-locales.mjs, for the unit test that runs it. */
export declare const LANGUAGES: readonly string[];
export declare const GROUPS: Readonly<Record<string, string>>;
export interface DictionaryJson {
  [key: string]: string | DictionaryJson;
}
export declare function checkDictionary(input: {
  lang: string;
  group: string;
  english: DictionaryJson;
  translated: DictionaryJson;
  identical?: ReadonlySet<string>;
}): string[];
export declare function checkLanguage(lang: string): string[];
export declare function checkLocales(languages?: readonly string[]): string[];
