import { describe, expect, it } from 'vitest';
import { keyWords, MIN_RELEVANCE, relevanceScore, words } from '#server/providers/news/relevance';
import { baseName, deriveSearchTerms } from '#server/providers/news/search-terms';

const bill = { title: 'Coastal Flood Defences Bill', shortName: null, legislationType: 'uk_parliament_bill' };
const terms = deriveSearchTerms(bill);

describe('deriveSearchTerms', () => {
  it('uses the short title as the official term and derives a few phrasings', () => {
    expect(terms.official).toBe('Coastal Flood Defences Bill');
    expect(terms.alternatives).toEqual([
      'Coastal Flood Defences',
      'Coastal Flood Defences Act',
      'Coastal Flood Defences legislation',
    ]);
  });

  it('prefers the short name and keeps the full title as an alternative', () => {
    const t = deriveSearchTerms({
      title: 'The Long Example (Miscellaneous Provisions) Bill [HL]',
      shortName: 'Example Bill',
      legislationType: 'uk_parliament_bill',
    });
    expect(t.official).toBe('Example Bill');
    expect(t.alternatives[0]).toBe('The Long Example (Miscellaneous Provisions) Bill [HL]');
    expect(t.alternatives.length).toBeLessThanOrEqual(4);
  });

  it('strips the kind of instrument and the year for the base name', () => {
    expect(baseName('Data Protection Act 2018')).toBe('Data Protection');
    expect(baseName('The Example Regulations 2026')).toBe('The Example');
    expect(baseName('Renters’ Rights Bill [HL]')).toBe('Renters’ Rights');
    const si = deriveSearchTerms({
      title: 'The Example Regulations 2026',
      shortName: null,
      legislationType: 'uksi',
    });
    expect(si.alternatives).not.toContain('The Example Act');
  });
});

describe('words and keyWords', () => {
  it('ignores case, punctuation, apostrophes and a plural s', () => {
    expect(words('Renters’ Rights: the BILL')).toEqual(['renter', 'right', 'the', 'bill']);
    expect(words('Access, class and bus')).toEqual(['access', 'class', 'and', 'bus']);
  });

  it('keeps the distinctive words of the official term', () => {
    expect(keyWords(terms)).toEqual(['coastal', 'flood', 'defence']);
    expect(
      keyWords(
        deriveSearchTerms({ title: 'Finance (No. 2) Act 2026', shortName: null, legislationType: 'ukpga' }),
      ),
    ).toEqual(['finance', '2']);
  });
});

describe('relevanceScore', () => {
  const score = (title: string, summary: string | null = null, official = false) =>
    relevanceScore(terms, { title, summary, official });

  it('gives the full phrase in the title with every key word and legislative context a 1', () => {
    expect(score('Coastal Flood Defences Bill introduced to Parliament')).toBe(1);
  });

  it('scores the official phrase in the summary lower than in the title', () => {
    // phrase 0.8 (summary), key words only in the summary 0.5, context (bill) 1
    expect(score('New duties for sea walls', 'The Coastal Flood Defences Bill sets out duties.')).toBe(0.72);
  });

  it('counts an alternative phrase in the title', () => {
    // 'Coastal Flood Defences' is an alternative: phrase 0.8, all key words in the title, no context word
    expect(score('Coastal flood defences: what changes')).toBe(0.79);
  });

  it('counts an alternative phrase in the summary', () => {
    // phrase 0.6; key words only in the summary; context word 'consultation'
    expect(score('Funding round opens', 'A consultation on coastal flood defences funding.')).toBe(0.61);
  });

  it('scores partial word matches without the phrase by coverage', () => {
    // 2 of 3 key words in the title (coast ≠ coastal), no context word
    expect(score('Flood defences strengthened along the coast')).toBe(0.23);
    expect(score('Flood defences strengthened along the coast')).toBeLessThan(MIN_RELEVANCE);
  });

  it('gives unrelated articles 0 and context alone 0.1', () => {
    expect(score('Road haulage permits: apply online')).toBe(0);
    expect(score('Parliament returns from recess')).toBe(0.1);
  });

  it('lifts articles from the item’s own official news to at least 0.9', () => {
    expect(score('Committee stage begins', null, true)).toBe(0.9);
    expect(score('Coastal Flood Defences Bill passes', null, true)).toBe(1);
  });

  it('always stays within 0..1', () => {
    for (const title of ['', 'x', 'Coastal Flood Defences Bill Coastal Flood Defences Bill Act law']) {
      const s = score(title, title, true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});
