/**
 * Every language's dictionaries hold every English message: the same keys (plurals in the
 * language's own categories), the same placeholders and tags, and no message left in English
 * unless listed as intentionally identical. The same check as `node scripts/check-locales.mjs`.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages';
import { GROUPS, LANGUAGES, checkDictionary, checkLanguage } from '../../../scripts/check-locales.mjs';

describe('the dictionaries', () => {
  it('cover the eleven languages besides English, in the interface, its areas, policies and messages', () => {
    expect([...LANGUAGES].sort()).toEqual(LANGUAGE_CODES.filter((code) => code !== 'en').sort());
    expect(Object.keys(GROUPS).sort()).toEqual([
      'admin',
      'channels',
      'dataState',
      'developers',
      'interface',
      'landing',
      'legalChange',
      'legalSources',
      'messages',
      'policies',
      'team',
    ]);
  });

  it.each([...LANGUAGES])('are complete in %s', (lang) => {
    const problems = checkLanguage(lang);
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('the completeness check', () => {
  const english = {
    list: { count_one: '{{count}} item', count_other: '{{count}} items' },
    greeting: 'Hello {{name}}',
    terms: 'Read the <link>terms</link>',
    brand: 'Lexwatch',
  };

  it('names each kind of problem on a line of its own', () => {
    const problems = checkDictionary({
      lang: 'ar',
      group: 'interface',
      english,
      translated: {
        list: { count_one: 'عنصر واحد', count_other: '{{count}} عنصر' },
        greeting: 'مرحبا {{user}}',
        terms: 'اقرأ الشروط',
        brand: 'Lexwatch',
        stray: 'x',
      },
    });
    expect(problems).toEqual([
      'ar interface: greeting lacks {{name}}',
      'ar interface: greeting has unknown {{user}}',
      'ar interface: terms lacks <link>',
      'ar interface: brand is still English (list "interface:brand" in src/client/i18n/identical/ar.json if intended)',
      'ar interface: missing key list.count_few',
      'ar interface: missing key list.count_many',
      'ar interface: missing key list.count_two',
      'ar interface: missing key list.count_zero',
      'ar interface: extra key stray',
    ]);
  });

  it('accepts a message listed as intentionally identical', () => {
    const problems = checkDictionary({
      lang: 'ja',
      group: 'interface',
      english,
      translated: {
        list: { count_other: '{{count}} 件' },
        greeting: 'こんにちは、{{name}}さん',
        terms: '<link>利用規約</link>をお読みください',
        brand: 'Lexwatch',
      },
      identical: new Set(['interface:brand']),
    });
    expect(problems).toEqual([]);
  });
});
