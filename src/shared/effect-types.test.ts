import { describe, expect, it } from 'vitest';
import { fixtureText } from '#test/fixtures/sources/load';
import { EFFECT_TYPE_IDS, EFFECT_TYPES, effectTypeId, normalizeEffectType } from './effect-types';

/** The recorded legislation.gov.uk feeds of effects (test/fixtures/sources/legislation-gov-uk). */
const FEEDS = [
  'changes-affected-ukpga-1925-20-results-count-2.feed.xml',
  'changes-affected-ukpga-2018-12-results-count-3.feed.xml',
  'changes-unapplied-affected-uksi-1980-2049-empty.feed.xml',
];

/** The `Type` of every effect in the recorded feeds. */
function recordedTypes(): string[] {
  return FEEDS.flatMap((name) =>
    [...fixtureText('legislation-gov-uk', name).matchAll(/<ukm:Effect\b[^>]*?\sType="([^"]*)"/g)].map(
      ([, type]) => type!,
    ),
  );
}

describe('effectTypeId', () => {
  it('knows every type of the recorded feeds', () => {
    const types = recordedTypes();
    expect(types).toEqual(expect.arrayContaining(['word substituted', 'words substituted', 'applied']));
    for (const type of types) expect(effectTypeId(type), type).not.toBeNull();
    expect(effectTypeId('word substituted')).toBe('wordSubstituted');
    expect(effectTypeId('words substituted')).toBe('wordsSubstituted');
    expect(effectTypeId('applied')).toBe('applied');
  });

  it('keeps singular and plural apart, and repeals (Acts) apart from revocations (instruments)', () => {
    expect(effectTypeId('word omitted')).toBe('wordOmitted');
    expect(effectTypeId('words omitted')).toBe('wordsOmitted');
    expect(effectTypeId('entry inserted')).toBe('entryInserted');
    expect(effectTypeId('entries inserted')).toBe('entriesInserted');
    expect(effectTypeId('definition inserted')).toBe('definitionInserted');
    expect(effectTypeId('definitions inserted')).toBe('definitionsInserted');
    expect(effectTypeId('repealed')).toBe('repealed');
    expect(effectTypeId('revoked')).toBe('revoked');
    expect(effectTypeId('words repealed')).toBe('wordsRepealed');
    expect(effectTypeId('words revoked')).toBe('wordsRevoked');
  });

  it.each([
    ['inserted', 'inserted'],
    ['substituted', 'substituted'],
    ['omitted', 'omitted'],
    ['coming into force', 'comingIntoForce'],
    ['applied (with modifications)', 'appliedWithModifications'],
    ['modified', 'modified'],
    ['amended', 'amended'],
    ['excluded', 'excluded'],
    ['extended', 'extended'],
    ['restricted', 'restricted'],
    ['disapplied', 'disapplied'],
    ['saved', 'saved'],
    ['renumbered', 'renumbered'],
    ['added', 'added'],
    ['heading substituted', 'headingSubstituted'],
    ['cross-heading inserted', 'crossHeadingInserted'],
    ['cross heading inserted', 'crossHeadingInserted'],
    ['entry omitted', 'entryOmitted'],
    ['power to amend conferred', 'powerToAmendConferred'],
    ['transitional provisions', 'transitionalProvisions'],
    ['savings', 'savings'],
  ])('%s → %s', (text, id) => {
    expect(effectTypeId(text)).toBe(id);
  });

  it('reads the text lower-cased, with single spaces, trimmed, without a closing full stop', () => {
    expect(effectTypeId('  Words   Substituted ')).toBe('wordsSubstituted');
    expect(effectTypeId('WORD\tSUBSTITUTED.')).toBe('wordSubstituted');
    expect(effectTypeId('Applied (With Modifications)')).toBe('appliedWithModifications');
    expect(normalizeEffectType(' Coming  into Force. ')).toBe('coming into force');
  });

  it('has no id for a form the table lacks', () => {
    expect(effectTypeId('applied by 2010 c. 8, Sch 7A para. 36(6) (as inserted)')).toBeNull();
    expect(effectTypeId('modified (temp.)')).toBeNull();
    expect(effectTypeId('')).toBeNull();
    expect(effectTypeId(null)).toBeNull();
    expect(effectTypeId('constructor')).toBeNull();
  });

  it('lists each form once, already normalised, under ids the dictionaries can hold', () => {
    const forms = EFFECT_TYPE_IDS.flatMap((id) => [...EFFECT_TYPES[id]]);
    expect(new Set(forms).size).toBe(forms.length);
    for (const form of forms) expect(normalizeEffectType(form)).toBe(form);
    for (const id of EFFECT_TYPE_IDS) expect(id).toMatch(/^[a-z][A-Za-z]*$/);
    expect(EFFECT_TYPE_IDS.length).toBeGreaterThanOrEqual(35);
  });
});
