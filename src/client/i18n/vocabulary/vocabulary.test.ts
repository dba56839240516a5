import { describe, expect, it } from 'vitest';
import { ITEM_DATE_KINDS } from '#shared/item-date';
import { LEGISLATION_TYPE_CODES, STATUSES } from '#shared/legislation';
import { INTERNATIONAL_TYPES } from '#shared/legal-sources';
import { JURISDICTIONS } from '#shared/reference-data';
import { isolate } from './index';
import { termId, termSlug } from '#shared/vocabulary/terms';
import { vocabularyIn } from './test-support';

const german = vocabularyIn('de');
const arabic = vocabularyIn('ar');

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
    expect(german.house('Senate')).toBe('Senat');
    for (const status of STATUSES) expect(arabic.status(status)).toMatch(/\p{Script=Arabic}/u);
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
    for (const { name } of JURISDICTIONS) {
      expect(german.jurisdiction(name)).not.toContain('\u2068');
      expect(arabic.jurisdiction(name)).toMatch(/\p{Script=Arabic}/u);
    }
    expect(german.jurisdiction('UK')).toBe('Vereinigtes Königreich');
    expect(german.jurisdiction('northern_ireland')).toBe('Nordirland');
  });

  it('keys a source text by its own form, with synonyms and long forms under one key', () => {
    expect(termSlug('Consideration of Lords  amendments.')).toBe('consideration_of_lords_amendments');
    expect(termSlug('Stage 1 evidence &amp; report')).toBe('stage_1_evidence_and_report');
    expect(termSlug('Committal (to a Select Committee)')).toBe('committal_to_a_select_committee');
    expect(termId('stage', 'Carry over motion')).toBe(termId('stage', 'Carry-over motion'));
    expect(termId('stage', 'Second Reading')).toBe('2nd_reading');
    expect(termId('stage', 'Enacted (Royal Assent)')).toBe('royal_assent');
    expect(termId('house', 'Commons')).toBe('house_of_commons');
    expect(termId('stage', ' ... ')).toBeNull();
    expect(termId('stage', null)).toBeNull();
  });

  it('leaves text it does not know as written, isolated from the text around it', () => {
    expect(german.stage('Sittings held')).toBe(isolate('Sittings held'));
    expect(german.stage('2nd reading in the House of Keys')).toBe(
      isolate('2nd reading in the House of Keys'),
    );
    for (const text of ['constructor', '__proto__', 'toString', '...'])
      expect(arabic.stage(text)).toBe(isolate(text));
    expect(german.house('House of Keys')).toBe(isolate('House of Keys'));
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
