import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '#server/sources/http';
import { fixtureText } from '#test/fixtures/sources/load';
import { effectsOf } from './effects';

const effectsIn = (name: string) =>
  effectsOf(parseXmlDocument(fixtureText('legislation-gov-uk', name), name) as never);

describe('effectsOf: the effects a changes feed records, as it writes them', () => {
  it('keeps provision lists as the source writes them, not re-spaced', () => {
    const [first, , third] = effectsIn('changes-affected-ukpga-2018-12-results-count-3.feed.xml');
    expect(first).toMatchObject({
      effectId: 'key-afc4da5af850ada1378557cf240207e0',
      type: 'word substituted',
      affectedProvisions: 's. 65 heading',
      affectingProvisions: 'Sch. 2 para. 23(2)(3)',
      affectingTitle:
        'The Data (Use and Access) Act 2025 (Consequential Amendments and Transitional Provision) Regulations 2026',
      applied: false,
      inForceDate: '2026-09-30',
    });
    // mixed content in the element ('<Section>Pt. 5</Section> heading'); the attribute says it whole
    expect(third!.affectedProvisions).toBe('Pt. 5 heading');
  });

  it('takes the earliest in-force date an effect states, passing over a prospective one with none', () => {
    const effects = effectsIn('changes-affected-ukpga-1925-20-results-count-2.feed.xml');
    expect(effects).toHaveLength(2);
    for (const effect of effects)
      expect(effect.affectedUri).toBe('http://www.legislation.gov.uk/id/ukpga/Geo5/15-16/20');
    expect(effects.map((e) => e.inForceDate)).toEqual(['2023-12-26', '2003-07-25']);
  });
});
