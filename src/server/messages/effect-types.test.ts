import { describe, expect, it } from 'vitest';
import { EFFECT_TYPE_IDS, EFFECT_TYPES } from '#shared/effect-types';
import { eventWords, type EventFacts } from './event-words';
import { MESSAGE_LANGUAGES, t } from './i18n';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';

const BY =
  'The Data (Use and Access) Act 2025 (Consequential Amendments and Transitional Provision) Regulations 2026';

/** A recorded effect as the effects sync stores it in a 'law_changed' event. */
const lawChanged = (after: Record<string, unknown>): EventFacts => ({
  kind: 'law_changed',
  before: null,
  after,
  itemTitle: 'Data Protection Act 2018',
  legislationType: 'ukpga',
  category: 'primary',
  consultationEndDate: null,
});
const recorded = (type: string) =>
  lawChanged({ type, affectedProvisions: 's. 65 heading', affectingTitle: BY, inForceDate: '2026-09-30' });

describe('the kinds of effect in alerts', () => {
  it('has the words of every kind in every language', () => {
    for (const lang of MESSAGE_LANGUAGES)
      for (const id of EFFECT_TYPE_IDS) {
        const words = t(lang, `events.effectTypes.${id}`);
        expect(words.trim(), `${lang} ${id}`).not.toBe('');
        if (lang !== 'en') expect(words, `${lang} ${id}`).not.toBe(EFFECT_TYPES[id][0]);
      }
    expect(Object.keys(en.events.effectTypes)).toEqual(EFFECT_TYPE_IDS);
    for (const id of EFFECT_TYPE_IDS) expect(en.events.effectTypes[id]).toBe(EFFECT_TYPES[id][0]);
  });

  it('writes a recorded effect in German and Arabic, the provision and title as written', () => {
    const german = eventWords(recorded('word substituted'), 'de', 7).message;
    expect(german).toBe(
      de.events.lawChangedByFrom
        .replace('{{change}}', `S. 65 heading ${de.events.effectTypes.wordSubstituted}`)
        .replace('{{by}}', BY)
        .replace('{{date}}', '30. September 2026'),
    );
    expect(german).toContain('S. 65 heading Wort ersetzt durch The Data (Use and Access) Act 2025');
    expect(german).not.toContain('substituted');

    const arabic = eventWords(recorded('word substituted'), 'ar', 7).message;
    expect(arabic).toContain(`S. 65 heading ${ar.events.effectTypes.wordSubstituted}`);
    expect(arabic).toContain(BY);
    expect(arabic).toMatch(/\p{Script=Arabic}/u);
    expect(arabic).not.toContain('substituted');
  });

  it('reads the kind however it is written', () => {
    const message = eventWords(lawChanged({ type: '  Words  Substituted ' }), 'de', 7).message;
    expect(message).toBe(`${de.events.effectTypes.wordsSubstituted.replace(/^w/, 'W')}.`);
    expect(eventWords(lawChanged({ type: 'repealed' }), 'de', 7).message).toBe('Aufgehoben.');
  });

  it('keeps the English wording of the source', () => {
    expect(eventWords(recorded('word substituted'), 'en', 7).message).toBe(
      `S. 65 heading word substituted by ${BY}, in force from 30 September 2026.`,
    );
    expect(eventWords(lawChanged({ type: 'repealed', affectedProvisions: 's. 170' }), 'en', 7).message).toBe(
      'S. 170 repealed.',
    );
  });

  it('falls back to the source’s text for a kind the table lacks', () => {
    const type = 'applied by 2010 c. 8, Sch 7A para. 36(6) (as inserted)';
    expect(eventWords(lawChanged({ type, affectedProvisions: 's. 4' }), 'de', 7).message).toBe(
      `S. 4 ${type}.`,
    );
    expect(eventWords(lawChanged({ type: 'modified (temp.)', affectingTitle: BY }), 'ar', 7).message).toBe(
      ar.events.lawChangedBy.replace('{{change}}', 'Modified (temp.)').replace('{{by}}', BY),
    );
    // no kind at all: the dictionary's own word for a change
    expect(eventWords(lawChanged({}), 'de', 7).message).toBe(
      `${de.events.lawChangedDefault.replace(/^g/, 'G')}.`,
    );
  });
});
