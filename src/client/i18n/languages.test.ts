import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages';
import { LANGUAGES } from './language-names';

describe('language names', () => {
  it('names the twelve interface languages, in their order', () => {
    expect(LANGUAGE_CODES).toHaveLength(12);
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });
});
