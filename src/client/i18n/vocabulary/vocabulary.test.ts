import { describe, expect, it } from 'vitest';
import { ITEM_DATE_KINDS } from '#shared/item-date';
import { LEGISLATION_TYPE_CODES } from '#shared/legislation';
import { INTERNATIONAL_TYPES } from '#shared/legal-sources';
import { JURISDICTIONS } from '#shared/reference-data';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { type Dictionary, lookup, translate } from '../translate';
import { createVocabulary, isolate, type Vocabulary } from './index';
import { termId } from './terms';

function vocabularyIn(language: string, dictionary: Dictionary): Vocabulary {
  const chain = [
    { language, dictionary },
    { language: 'en', dictionary: en as Dictionary },
  ];
  return createVocabulary({
    t: (key, options) => translate(chain, key as string, options),
    i18n: {
      language: language as 'de',
      changeLanguage: async () => {},
      exists: (key) => chain.some((c) => lookup(c.dictionary, key) !== undefined),
    },
  });
}

const german = vocabularyIn('de', de as Dictionary);
const arabic = vocabularyIn('ar', ar as Dictionary);

describe('vocabulary', () => {
  it('translates the sources’ stage names, however they are written', () => {
    expect(german.stage('2nd reading')).toBe('Zweite Lesung');
    expect(german.stage('Second Reading')).toBe('Zweite Lesung');
    expect(german.stage('Royal Assent')).toBe('Königliche Zustimmung');
    expect(german.stage('Stage 1 debate')).toBe('Phase 1: Aussprache');
    expect(arabic.stage('Comes into force')).toBe('يدخل حيز النفاذ');
  });

  it('translates houses, statuses and jurisdictions', () => {
    expect(german.house('Commons')).toBe('Unterhaus');
    expect(german.house('House of Lords')).toBe('Oberhaus');
    expect(german.status('enacted')).toBe('Verabschiedet');
    expect(german.jurisdiction('United Kingdom')).toBe('Vereinigtes Königreich');
    expect(arabic.jurisdiction('scotland')).toBe('اسكتلندا');
  });

  it('names every legislation type, the international ones too, in each language', () => {
    const codes = [...LEGISLATION_TYPE_CODES, ...Object.keys(INTERNATIONAL_TYPES)];
    for (const code of codes) {
      expect(german.typeName(code)).not.toContain('\u2068');
      expect(arabic.typeName(code)).not.toContain('\u2068');
    }
    expect(german.typeName('eu_regulation')).toBe('EU-Verordnung');
  });

  it('knows every jurisdiction of the reference data', () => {
    for (const { name } of JURISDICTIONS) expect(termId('jurisdiction', name)).not.toBeNull();
  });

  it('leaves text it does not know as written, isolated from the text around it', () => {
    expect(german.stage('Ping pong')).toBe(isolate('Ping pong'));
    expect(german.typeName('xx_unknown', 'Some Type')).toBe(isolate('Some Type'));
    expect(german.eventTitle('Sittings held')).toBe('Sittings held');
  });

  it('translates a stage in a House, and leaves a title that only looks like one', () => {
    expect(german.eventTitle('2nd reading in the House of Commons')).toBe('Zweite Lesung (Unterhaus)');
    expect(german.eventTitle('Laid before the House of Lords')).toBe('Dem Oberhaus vorgelegt');
    expect(german.eventTitle('Debate in the House of Commons')).toBe('Debate in the House of Commons');
  });

  it('names what happened on an item’s date by its kind, and nothing without a date', () => {
    const item = { itemDate: '2025-12-04', currentStage: '2nd reading', currentStageDate: '2025-12-04' };
    expect(german.dateLabel({ ...item, itemDateKind: 'royal_assent' })).toBe('Königliche Zustimmung');
    expect(german.dateLabel({ ...item, itemDateKind: 'made' })).toBe('Erlassen');
    expect(german.dateLabel({ ...item, itemDateKind: 'stage' })).toBe('Zweite Lesung');
    expect(
      german.dateLabel({
        ...item,
        itemDateKind: 'stage',
        currentStageDate: null,
        proposedDate: item.itemDate,
      }),
    ).toBe('Eingebracht');
    expect(german.dateLabel({ ...item, itemDate: null, itemDateKind: 'made' })).toBeNull();
    for (const kind of ITEM_DATE_KINDS)
      expect(arabic.dateLabel({ itemDate: '2025-01-01', itemDateKind: kind })).toMatch(/\p{Script=Arabic}/u);
  });
});
