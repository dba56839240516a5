/**
 * The word diff and paragraph alignment on the recorded Data Protection Act 2018 s. 45: as
 * enacted, at 2019-01-01 and current (amended by the Data (Use and Access) Act 2025).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProvisionClml } from '#server/sources/legislation-gov-uk/provision-clml';
import { provisionPathOf } from '#shared/provisions';
import { excerpt, subParagraphOf } from './effect-quotes';
import { redline } from './redline';
import { diffWords, runsOf, sameWords } from './word-diff';

const read = (file: string) => {
  const url = new URL(`../../../../test/fixtures/sources/legislation-gov-uk/${file}`, import.meta.url);
  const parsed = parseProvisionClml(readFileSync(url, 'utf8'), url.href, 'section/45');
  if (!parsed) throw new Error(`no section 45 in ${file}`);
  return parsed;
};
const enacted = read('ukpga-2018-12-section-45-enacted.xml');
const revised2019 = read('ukpga-2018-12-section-45-2019-01-01.xml');
const current = read('ukpga-2018-12-section-45.xml');

describe('word diff', () => {
  it('counts neither line breaks, runs of spaces nor typographic apostrophes as a change', () => {
    const before = 'of the data subject’s right to lodge a complaint\n   with the Commissioner, and';
    const after = "of the data subject's right to lodge a complaint with the Commissioner, and";
    expect(sameWords(before, after)).toBe(true);
    expect(diffWords(before, after)).toEqual([{ op: 'same', text: after }]);
  });

  it('marks the words inserted in s. 45(2)(f), keeping the rest as written', () => {
    const before = enacted.blocks.find((b) => b.number === '(2)(f)')!.text;
    const after = current.blocks.find((b) => b.number === '(2)(f)')!.text;
    expect(diffWords(before, after)).toEqual([
      {
        op: 'same',
        text: "the existence of the data subject's right to lodge a complaint with the Commissioner",
      },
      { op: 'inserted', text: ' (see section 165)' },
      { op: 'same', text: ' and the contact details of the Commissioner;' },
    ]);
  });

  it('marks omitted words', () => {
    expect(diffWords('protect public and national security;', 'protect public security;')).toEqual([
      { op: 'same', text: 'protect public' },
      { op: 'omitted', text: ' and national' },
      { op: 'same', text: ' security;' },
    ]);
  });
});

describe('redline of s. 45', () => {
  it('finds no change to the words between the enacted text and the text at 2019-01-01', () => {
    const result = redline(enacted, revised2019);
    expect(result.wordsChanged).toBe(false);
    expect(result.inForceChanged).toBe(false);
    expect(result.blocks.filter((b) => b.status !== 'unchanged')).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  it('between the enacted and current text: paragraphs inserted whole, words inserted, (4)(d) omitted', () => {
    const result = redline(enacted, current);
    const changed = result.blocks.filter((b) => b.status !== 'unchanged');
    expect(changed.map((b) => [b.number, b.status])).toEqual([
      ['(2)(ea)', 'inserted'],
      ['(2)(f)', 'changed'],
      ['(2A)', 'inserted'],
      ['(4)(d)', 'omitted'],
      ['(5)', 'changed'],
      ['(5)(ca)', 'inserted'],
      ['(5)(d)', 'changed'],
      ['(7)(a)', 'changed'],
    ]);
    const block = (n: string) => result.blocks.find((b) => b.number === n)!;
    expect(block('(4)(d)')).toMatchObject({
      before: 'protect national security;',
      words: [{ op: 'omitted', text: 'protect national security;' }],
    });
    expect(block('(2)(ea)').words).toEqual([
      {
        op: 'inserted',
        text: 'the existence of the data subject’s right to make a complaint to the controller (see section 164A);',
      },
    ]);
    const inserted = (n: string) => runsOf(block(n).words, 'inserted');
    expect(inserted('(5)')).toEqual([
      'under subsection (4)',
      'and in any event before the end of the applicable time period (as to which see section 54)',
    ]);
    expect(inserted('(5)(d)')).toEqual(['under section 165']);
    expect(inserted('(7)(a)')).toEqual(['in reliance on subsection (4)']);
    // the numbering is kept: 33 numbers before, 36 after, none lost
    expect(result.blocks.map((b) => b.number)).toContain('(4)(e)');
    expect(result.blocks).toHaveLength(36);
  });

  it('annotates every change with its note, as written', () => {
    const { notes } = redline(enacted, current);
    expect(notes.map((n) => [n.blocks.join(' '), n.inForce])).toEqual([
      ['(2)(ea)', '2026-06-19'],
      ['(2)(f)', '2026-06-19'],
      ['(2A)', null],
      ['(4)(d)', '2025-09-05'],
      ['(5)', '2025-09-05'],
      ['(5)', '2026-02-05'],
      ['(5)(ca)', '2026-06-19'],
      ['(5)(d)', '2026-06-19'],
      ['(7)(a)', '2025-09-05'],
    ]);
    expect(notes[0]).toMatchObject({
      by: 'Data (Use and Access) Act 2025',
      text: expect.stringMatching(
        /^S\. 45\(2\)\(ea\) inserted \(19\.6\.2026\) by Data \(Use and Access\) Act 2025 \(c\. 18\)/,
      ),
    });
    expect(notes.find((n) => n.blocks[0] === '(4)(d)')!.text).toMatch(
      /^S\. 45\(4\)\(d\) omitted \(5\.9\.2025\)/,
    );
  });
});

describe('what an effect names', () => {
  it('resolves one provision, and refuses lists and ranges', () => {
    expect(provisionPathOf('s. 45(2)(f)')).toBe('section/45');
    expect(provisionPathOf('s. 164A')).toBe('section/164A');
    expect(provisionPathOf('reg. 3(1)')).toBe('regulation/3');
    expect(provisionPathOf('Sch. 2 para. 5(3)')).toBe('schedule/2/paragraph/5');
    expect(provisionPathOf('ss. 45-47')).toBeNull();
    expect(provisionPathOf('s. 45 and s. 46')).toBeNull();
    expect(provisionPathOf(null)).toBeNull();
    expect(subParagraphOf('s. 45(2)(ea)')).toBe('(2)(ea)');
    expect(subParagraphOf('s. 65 heading')).toBeNull();
  });

  it('quotes at most an excerpt, cut between words', () => {
    const words =
      'and in any event before the end of the applicable time period (as to which see section 54)';
    expect(excerpt(words, 40)).toBe('and in any event before the end of the…');
    expect(excerpt(words)).toBe(words);
  });
});
