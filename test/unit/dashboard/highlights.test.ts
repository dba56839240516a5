import { describe, expect, it } from 'vitest';
import { splitHighlights } from '#server/modules/legal-changes/legal-changes-search.presenter';

const S = '\u0002';
const E = '\u0003';

describe('splitHighlights', () => {
  it('splits ts_headline output into plain and marked runs', () => {
    expect(splitHighlights(`The ${S}Energy${E} Bill and ${S}energy${E}`)).toEqual([
      { text: 'The ', match: false },
      { text: 'Energy', match: true },
      { text: ' Bill and ', match: false },
      { text: 'energy', match: true },
    ]);
  });

  it('keeps markup in the data as plain text', () => {
    expect(splitHighlights(`<b>${S}tax${E}</b>`)).toEqual([
      { text: '<b>', match: false },
      { text: 'tax', match: true },
      { text: '</b>', match: false },
    ]);
  });

  it('answers nothing for empty text and tolerates an unclosed mark', () => {
    expect(splitHighlights('')).toEqual([]);
    expect(splitHighlights(`plain`)).toEqual([{ text: 'plain', match: false }]);
    expect(splitHighlights(`a ${S}b`)).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
    ]);
  });
});
