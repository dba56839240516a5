import { describe, expect, it } from 'vitest';
import { AMENDMENT_DECISIONS, AMENDMENT_TYPES } from '#shared/amendment-codes';
import { LANGUAGE_CODES } from '#shared/languages';
import { amendmentCode, isAgreed } from './amendments';
import { isolate } from './index';
import { translationIn } from './test-support';

const DECISIONS = AMENDMENT_DECISIONS;
const TYPES = AMENDMENT_TYPES;

const translations = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, translationIn(code)]));

describe('amendment codes', () => {
  it('names every decision and type of the Bills API in every language', () => {
    for (const [group, codes] of [
      ['decisions', DECISIONS],
      ['types', TYPES],
    ] as const)
      for (const code of codes) {
        const english = amendmentCode(translations.en!, group, code)!;
        expect(english).not.toContain('\u2068');
        for (const language of LANGUAGE_CODES.filter((c) => c !== 'en')) {
          const words = amendmentCode(translations[language]!, group, code);
          expect(words, `${language} ${code}`).not.toContain('\u2068');
          expect(words, `${language} ${code}`).not.toBe(english);
        }
      }
    expect(amendmentCode(translations.en!, 'decisions', 'NoDecision')).toBe('No decision');
    expect(amendmentCode(translations.de!, 'decisions', 'NegativedOnDivision')).toBe(
      'Nach Abstimmung abgelehnt',
    );
    expect(amendmentCode(translations.fr!, 'types', 'EditBillBody')).toBe(
      'Modifie le texte du projet de loi',
    );
  });

  it('shows a code it does not know as written, isolated', () => {
    expect(amendmentCode(translations.ar!, 'types', 'Insert')).toBe(isolate('Insert'));
    expect(amendmentCode(translations.de!, 'decisions', 'SomethingNew')).toBe(isolate('SomethingNew'));
    expect(amendmentCode(translations.de!, 'decisions', null)).toBeNull();
  });

  it('counts an amendment agreed with or without a division as agreed', () => {
    expect(isAgreed('Agreed')).toBe(true);
    expect(isAgreed('AgreedOnDivision')).toBe(true);
    expect(isAgreed('NegativedOnDivision')).toBe(false);
    expect(isAgreed(null)).toBe(false);
  });
});
