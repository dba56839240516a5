import { describe, expect, it } from 'vitest';
import legalChangeEn from '#client/i18n/area-locales/legal-change/en.json';
import { isolate } from '#client/i18n/vocabulary';
import { DICTIONARIES, translationIn } from '#client/i18n/vocabulary/test-support';
import { lookup } from '#client/i18n/translate';
import { LANGUAGE_CODES } from '#shared/languages';
import { EFFECT_TYPE_IDS, EFFECT_TYPES } from '#shared/effect-types';
import { effectTypeWords } from './effects-card';

describe('the kind of an effect on the "Changes to this law" card', () => {
  it('has the words of every kind in every language', () => {
    for (const lang of LANGUAGE_CODES)
      for (const id of EFFECT_TYPE_IDS) {
        const words = lookup(DICTIONARIES[lang], `legalChange.effects.types.${id}`);
        expect(words?.trim(), `${lang} ${id}`).toBeTruthy();
        if (lang !== 'en') expect(words, `${lang} ${id}`).not.toBe(EFFECT_TYPES[id][0]);
      }
    expect(Object.keys(legalChangeEn.effects.types)).toEqual(EFFECT_TYPE_IDS);
  });

  it('translates a recorded kind, however it is written', () => {
    const { t: de } = translationIn('de');
    const { t: ar } = translationIn('ar');
    expect(effectTypeWords('word substituted', de)).toBe('Wort ersetzt');
    expect(effectTypeWords('Words  Substituted', de)).toBe('Wörter ersetzt');
    expect(effectTypeWords('repealed', de)).toBe('aufgehoben');
    expect(effectTypeWords('word substituted', ar)).toMatch(/\p{Script=Arabic}/u);
    expect(effectTypeWords('words substituted', translationIn('en').t)).toBe('words substituted');
  });

  it('shows a kind the table lacks as written, isolated from the text around it', () => {
    const type = 'applied by 2010 c. 8, Sch 7A para. 36(6) (as inserted)';
    expect(effectTypeWords(type, translationIn('ar').t)).toBe(isolate(type));
    expect(effectTypeWords('modified (temp.)', translationIn('de').t)).toBe('\u2068modified (temp.)\u2069');
  });
});
