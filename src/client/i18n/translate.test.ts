import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { type Dictionary, interpolate, lookup, pluralForm, translate } from './translate';

const english: Dictionary = {
  greeting: 'Hello, {{name}}.',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  plain: '{{count}} require action',
  nested: { deeper: { message: 'Deep' } },
  validation: { tooShort: 'At least {{minimum}}', email: { tooShort: 'Email: at least {{minimum}}' } },
};
const polish: Dictionary = {
  items_one: '{{count}} element',
  items_few: '{{count}} elementy',
  items_many: '{{count}} elementów',
  items_other: '{{count}} elementu',
  items_zero: 'brak elementów',
};
const chain = [
  { language: 'pl', dictionary: polish },
  { language: 'en', dictionary: english },
];

describe('translate', () => {
  it('reads nested keys and fills placeholders', () => {
    expect(translate(chain, 'nested.deeper.message')).toBe('Deep');
    expect(translate(chain, 'greeting', { name: 'Ada' })).toBe('Hello, Ada.');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate(chain, 'greeting')).toBe('Hello, {{name}}.');
    expect(interpolate('{{ a }} and {{b}}', { a: 1, b: null })).toBe('1 and ');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    expect(translate(chain, 'greeting', { name: 'Ada' })).toBe('Hello, Ada.');
    expect(translate(chain, 'missing.key', { defaultValue: 'Shown {{x}}', x: 'here' })).toBe('Shown here');
    expect(translate(chain, 'missing.key')).toBe('missing.key');
    expect(translate(chain, 'nested.deeper')).toBe('nested.deeper');
  });

  it('tries a list of keys in order, each in every language', () => {
    expect(translate(chain, ['validation.email.tooShort', 'validation.tooShort'], { minimum: 8 })).toBe(
      'Email: at least 8',
    );
    expect(translate(chain, ['validation.name.tooShort', 'validation.tooShort'], { minimum: 2 })).toBe(
      'At least 2',
    );
    expect(translate(chain, ['a.b', 'c.d'])).toBe('c.d');
  });

  it("chooses plural forms with each dictionary's language rules", () => {
    expect(translate(chain, 'items', { count: 1 })).toBe('1 element');
    expect(translate(chain, 'items', { count: 3 })).toBe('3 elementy');
    expect(translate(chain, 'items', { count: 5 })).toBe('5 elementów');
    expect(translate(chain, 'items', { count: 0 })).toBe('brak elementów');
    const englishOnly = [{ language: 'en', dictionary: english }];
    expect(translate(englishOnly, 'items', { count: 1 })).toBe('1 item');
    expect(translate(englishOnly, 'items', { count: 0 })).toBe('0 items');
    expect(translate(englishOnly, 'items', { count: 2 })).toBe('2 items');
    // a message without plural forms takes the count as a value
    expect(translate(englishOnly, 'plain', { count: 4 })).toBe('4 require action');
  });

  it('finds plural and plain messages of the English dictionary', () => {
    const dictionaries = [{ language: 'en', dictionary: en as Dictionary }];
    expect(translate(dictionaries, 'dashboard.list.count', { count: 1 })).toBe('1 item');
    expect(translate(dictionaries, 'dashboard.list.count', { count: 12 })).toBe('12 items');
    expect(translate(dictionaries, 'dashboard.welcome', { name: 'Ada' })).toBe('Welcome back, Ada.');
  });

  it('returns nothing for a group or a missing path', () => {
    expect(lookup(english, 'nested')).toBeUndefined();
    expect(lookup(english, 'greeting.more')).toBeUndefined();
    expect(lookup(english, 'constructor')).toBeUndefined();
    expect(lookup(undefined, 'greeting')).toBeUndefined();
  });

  it('uses English plural rules for an unknown language tag', () => {
    expect(pluralForm('not a tag!', 1)).toBe('one');
  });
});

describe('the English dictionary', () => {
  const leaves = (node: Dictionary, prefix = ''): [string, string][] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
    );
  const messages = leaves(en as Dictionary);

  it('gives every plural message an `_other` form', () => {
    const bases = new Set(
      messages.map(([key]) => /^(.*)_(?:zero|one|two|few|many|other)$/.exec(key)?.[1]).filter(Boolean),
    );
    for (const base of bases) expect(lookup(en as Dictionary, `${base}_other`), base).toBeDefined();
  });

  it('writes placeholders as {{name}}', () => {
    for (const [key, message] of messages) {
      expect(message.replace(/\{\{\s*[\w.]+\s*\}\}/g, ''), key).not.toMatch(/\{\{|\}\}/);
    }
  });
});
