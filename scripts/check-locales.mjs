#!/usr/bin/env node
/**
 * Holds every language's dictionaries against the English ones: the same keys (plurals in the
 * language's own categories, from `Intl.PluralRules`), the same `{{placeholders}}` and `<tags>`,
 * and no message left in English unless it is listed as intentionally identical in
 * `src/client/i18n/identical/<lang>.json` (brand names, codes).
 *
 *   node scripts/check-locales.mjs            every language
 *   node scripts/check-locales.mjs es fr      only those
 *
 * Exits 1 with one line per problem. The unit test (test/unit/i18n/locales.test.ts) runs the same
 * `checkLanguage()` for every language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const LANGUAGES = ['es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ar', 'ru', 'nl'];

/**
 * Each group of dictionaries: one English file and one file per language beside it. A group of
 * several folders is one dictionary per language made of their files together: the interface's
 * messages and the sources' words the interface and the server share (stages, houses, type names),
 * which the client merges into the interface dictionary as it loads it.
 */
export const GROUPS = {
  interface: ['src/client/i18n/locales', 'src/shared/vocabulary/locales'],
  admin: 'src/client/i18n/area-locales/admin',
  channels: 'src/client/i18n/area-locales/channels',
  dataState: 'src/client/i18n/area-locales/data-state',
  developers: 'src/client/i18n/area-locales/developers',
  landing: 'src/client/i18n/area-locales/landing',
  legalChange: 'src/client/i18n/area-locales/legal-change',
  legalSources: 'src/client/i18n/area-locales/legal-sources',
  policies: 'src/client/i18n/area-locales/policies',
  team: 'src/client/i18n/area-locales/team',
  messages: 'src/server/messages/locales',
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') flatten(child, path, out);
    else out.set(path, child);
  }
  return out;
}

/** `{{name}}` placeholders and `<tag>` names of a message. */
function tokens(message) {
  const found = new Set();
  for (const m of String(message).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of String(message).matchAll(/<\/?([a-zA-Z0-9]+)\s*\/?>/g)) found.add(`<${m[1]}>`);
  return found;
}

const hasLetters = (message) =>
  /\p{L}/u.test(String(message).replace(/\{\{\s*\w+\s*\}\}|<\/?[a-zA-Z0-9]+\s*\/?>/g, ''));

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Problems of one group of one language (its dictionary against the English one), as readable
 * lines: missing or extra keys, missing or unknown placeholders and tags, messages left in English.
 * `identical` holds the `<group>:<key>` entries allowed to read as in English.
 */
export function checkDictionary({ lang, group, english, translated, identical = new Set() }) {
  const problems = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const en = flatten(english);
  const tr = flatten(translated);

  // English keys, with plural families expanded to the language's categories.
  const expected = new Map(); // key -> English message to compare with
  const pluralBases = new Set();
  for (const key of en.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && en.has(`${base}_other`)) pluralBases.add(base);
  }
  for (const [key, message] of en) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (pluralBases.has(base)) continue;
    expected.set(key, { message, optional: new Set() });
  }
  for (const base of pluralBases) {
    const other = en.get(`${base}_other`);
    const forms = new Set(categories);
    if (en.has(`${base}_zero`)) forms.add('zero');
    for (const form of forms)
      expected.set(`${base}_${form}`, {
        message: en.get(`${base}_${form}`) ?? other,
        // a singular, dual or zero form may say the number in words
        optional: form === 'other' || form === 'many' || form === 'few' ? new Set() : new Set(['{{count}}']),
      });
  }

  for (const [key, { message, optional }] of expected) {
    if (!tr.has(key)) {
      problems.push(`${lang} ${group}: missing key ${key}`);
      continue;
    }
    const value = tr.get(key);
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${lang} ${group}: empty or non-text value at ${key}`);
      continue;
    }
    const want = tokens(message);
    const got = tokens(value);
    for (const t of want)
      if (!got.has(t) && !optional.has(t)) problems.push(`${lang} ${group}: ${key} lacks ${t}`);
    for (const t of got) if (!want.has(t)) problems.push(`${lang} ${group}: ${key} has unknown ${t}`);
    if (value === message && hasLetters(value) && !identical.has(`${group}:${key}`))
      problems.push(
        `${lang} ${group}: ${key} is still English (list "${group}:${key}" in src/client/i18n/identical/${lang}.json if intended)`,
      );
  }
  for (const key of tr.keys()) if (!expected.has(key)) problems.push(`${lang} ${group}: extra key ${key}`);
  return problems;
}

/** A group's folders. */
const foldersOf = (dirs) => (Array.isArray(dirs) ? dirs : [dirs]);

/** Merges dictionaries key by key (a key two of them define is a problem: `clashes`). */
function merge(target, source, clashes, prefix = '') {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const own = target[key];
    if (own && typeof own === 'object' && value && typeof value === 'object')
      merge(own, value, clashes, path);
    else if (own !== undefined) clashes.push(path);
    else target[key] = value && typeof value === 'object' ? merge({}, value, clashes, path) : value;
  }
  return target;
}

/** One language's dictionary of a group (its folders' files together), with the problems of reading it. */
function readGroup(dirs, lang) {
  const problems = [];
  const clashes = [];
  const dictionary = {};
  for (const dir of foldersOf(dirs)) {
    const path = join(root, dir, `${lang}.json`);
    if (!existsSync(path)) problems.push(`missing ${dir}/${lang}.json`);
    else merge(dictionary, readJson(path), clashes);
  }
  for (const key of clashes)
    problems.push(`${key} is defined in more than one of ${foldersOf(dirs).join(', ')}`);
  return { dictionary, problems };
}

/** Problems of one language in every group, as readable lines (empty when complete). */
export function checkLanguage(lang) {
  const problems = [];
  const identicalPath = join(root, 'src/client/i18n/identical', `${lang}.json`);
  const identical = new Set(existsSync(identicalPath) ? readJson(identicalPath) : []);
  for (const [group, dirs] of Object.entries(GROUPS)) {
    if (!existsSync(join(root, foldersOf(dirs)[0], 'en.json'))) continue;
    const english = readGroup(dirs, 'en');
    const translated = readGroup(dirs, lang);
    const unreadable = [...english.problems, ...translated.problems];
    problems.push(...unreadable.map((problem) => `${lang} ${group}: ${problem}`));
    if (unreadable.length) continue;
    problems.push(
      ...checkDictionary({
        lang,
        group,
        english: english.dictionary,
        translated: translated.dictionary,
        identical,
      }),
    );
  }
  return problems;
}

export function checkLocales(languages = LANGUAGES) {
  return languages.flatMap(checkLanguage);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const problems = checkLocales(asked.length ? asked : LANGUAGES);
  for (const p of problems) console.log(p);
  console.log(problems.length ? `${problems.length} problem(s)` : 'All dictionaries complete.');
  process.exit(problems.length ? 1 : 0);
}
