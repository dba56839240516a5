import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages';
import { LANGUAGES } from './language-names';

describe('language names', () => {
  it('names the twelve interface languages, in their order', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'ja',
      'ko',
      'zh',
      'ar',
      'ru',
      'nl',
    ]);
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });
});
