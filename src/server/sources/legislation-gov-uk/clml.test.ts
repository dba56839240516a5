import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '#server/sources/http';
import { fixtureText } from '#test/fixtures/sources/load';
import { parseClmlMetadata } from './clml';

const metadataOf = (name: string) =>
  parseClmlMetadata(parseXmlDocument(fixtureText('legislation-gov-uk', name), name), name);

describe('parseClmlMetadata', () => {
  it('reads the whole item metadata carried by a recorded fragment', () => {
    expect(metadataOf('uksi-2019-1434-regulation-2-made.xml')).toEqual({
      documentUri: 'http://www.legislation.gov.uk/uksi/2019/1434/made',
      idUri: 'http://www.legislation.gov.uk/id/uksi/2019/1434',
      numberOfProvisions: 2,
      restrictExtent: null,
      status: null,
      title: 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019',
      description:
        'These Regulations are the third commencement regulations made under the Data Protection Act 2018 (c. 12).',
      publisher: "King's Printer of Acts of Parliament",
      modified: '2019-10-31',
      language: 'en',
      subjects: ['DATA PROTECTION'],
      category: 'secondary',
      mainType: 'UnitedKingdomStatutoryInstrument',
      documentStatus: 'final',
      minorType: 'regulation',
      year: 2019,
      number: '1434',
      alternativeNumbers: [{ category: 'C', value: '49' }],
      isbn: '9780111191279',
      enactmentDate: null,
      madeDate: '2019-10-30',
      laid: [],
      comingIntoForce: [],
      siftedDate: null,
      supersedes: [],
    });
  });

  it('reads laid and coming-into-force dates of a made SI (constructed document)', () => {
    expect(metadataOf('constructed-uksi-made-data.xml')).toMatchObject({
      idUri: 'http://www.legislation.gov.uk/id/uksi/2026/9001',
      restrictExtent: 'E+W',
      madeDate: '2026-09-10',
      laid: [{ date: '2026-09-14', house: 'UnitedKingdomParliament' }],
      comingIntoForce: [
        { date: '2026-10-05', text: null },
        { date: '2027-04-06', text: null },
      ],
    });
  });

  it('reads a draft with an undated coming into force (constructed document)', () => {
    expect(metadataOf('constructed-ukdsi-draft-data.xml')).toMatchObject({
      mainType: 'UnitedKingdomDraftStatutoryInstrument',
      documentStatus: 'draft',
      number: null,
      isbn: '9780000090005',
      comingIntoForce: [{ date: null, text: 'in accordance with regulation 1' }],
    });
  });

  it('reads the enactment date of an Act (constructed document)', () => {
    expect(metadataOf('constructed-ukpga-enacted-data.xml')).toMatchObject({
      category: 'primary',
      enactmentDate: '2026-09-18',
      number: '901',
    });
  });

  it('rejects a feed or any other document', () => {
    const feed = parseXmlDocument(
      fixtureText('legislation-gov-uk', 'search-type-ukpga-2018-12.feed.xml'),
      'feed',
    );
    expect(() => parseClmlMetadata(feed, 'feed')).toThrow(
      expect.objectContaining({ kind: 'schema_mismatch' }),
    );
  });
});
