import { describe, expect, it } from 'vitest';
import { splitListEntries, splitSentences } from './citation-text';

describe('splitSentences keeps legal citations whole', () => {
  it('does not cut a chapter number: "(c. 12)" (uksi 2019/1434, as recorded on legislation.gov.uk)', () => {
    expect(
      splitSentences(
        'These Regulations are the third commencement regulations made under the Data Protection Act 2018 (c. 12).',
      ),
    ).toEqual([
      'These Regulations are the third commencement regulations made under the Data Protection Act 2018 (c. 12).',
    ]);
  });

  it('keeps "No. 3" in a title and splits the sentence after it', () => {
    expect(
      splitSentences(
        'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019 bring provisions into force. They were made on 30 October 2019.',
      ),
    ).toEqual([
      'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019 bring provisions into force.',
      'They were made on 30 October 2019.',
    ]);
  });

  it.each([
    ['s. 67', 'Powers under s. 67 of the Police and Criminal Evidence Act 1984 apply. Nothing else changes.'],
    ['reg. 3', 'The amendment to reg. 3 of the Firearms Rules 1998 is revoked. It applies in England.'],
    ['art. 2(1)', 'Under art. 2(1) of the Order the Secretary of State may act. The Order extends to Wales.'],
    ['Sch. 1', 'The offences in Sch. 1 to the Data Protection Act 2018 are listed. They are summary only.'],
    ['para. 4', 'The exemption in para. 4 of Schedule 2 ends. Transitional cases continue.'],
  ])('keeps "%s" and splits into two sentences', (citation, text) => {
    const sentences = splitSentences(text);
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toContain(citation);
  });

  it('splits ordinary sentences, including one after a closing bracket', () => {
    expect(splitSentences('A Bill to abolish business rates (England). And for connected purposes.')).toEqual(
      ['A Bill to abolish business rates (England).', 'And for connected purposes.'],
    );
  });
});

describe('splitListEntries', () => {
  it('takes bullets and lines as entries and never splits "(c. 12)." off its Act', () => {
    expect(
      splitListEntries(
        '• Commences paragraphs 211 and 227 of Schedule 19 to the Data Protection Act 2018 (c. 12).\n• Made under s. 212(1) of that Act.',
      ),
    ).toEqual([
      'Commences paragraphs 211 and 227 of Schedule 19 to the Data Protection Act 2018 (c. 12).',
      'Made under s. 212(1) of that Act.',
    ]);
  });
});
