import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '#server/sources/http';
import { LEGISLATION_TYPE_CODES } from '#shared/legislation';
import { fixtureText } from '#test/fixtures/sources/load';
import { parseClmlMetadata } from './clml';
import { DOCUMENT_TYPES, documentTypeByMainType } from './document-types';
import { parseFeed } from './feed';
import { mapLegislationItem, mapLegislationTimeline, parseItemUri } from './mapper';

const doc = (name: string) => parseXmlDocument(fixtureText('legislation-gov-uk', name), name);
const entriesOf = (name: string) => parseFeed(doc(name), name).entries;
const metadataOf = (name: string) => parseClmlMetadata(doc(name), name);

describe('document types', () => {
  it('files every type under one of the followed legislation types, or none for EU-origin', () => {
    for (const type of DOCUMENT_TYPES) {
      if (type.kind === 'eu') expect(type.followed).toBeNull();
      else expect(LEGISLATION_TYPE_CODES).toContain(type.followed);
    }
    expect(documentTypeByMainType('WelshNationalAssemblyAct')?.followed).toBe('asc');
    expect(documentTypeByMainType('EuropeanUnionRegulation|ukamended=true')?.code).toBe('eur');
  });

  it('reads item keys from identifiers, documents and regnal-year URIs', () => {
    expect(parseItemUri('http://www.legislation.gov.uk/id/uksi/2019/1434/regulation/2')).toEqual({
      code: 'uksi',
      path: 'uksi/2019/1434',
      year: 2019,
      number: '1434',
    });
    expect(parseItemUri('http://www.legislation.gov.uk/ukpga/2018/12/2026-06-19')?.path).toBe(
      'ukpga/2018/12',
    );
    expect(parseItemUri('http://www.legislation.gov.uk/id/ukpga/Geo5/15-16/20')).toEqual({
      code: 'ukpga',
      path: 'ukpga/Geo5/15-16/20',
      year: null,
      number: '20',
    });
    expect(parseItemUri('http://www.legislation.gov.uk/changes/affecting/uksi/1990/1869')).toBeNull();
  });
});

describe('mapLegislationItem', () => {
  it('maps an Act found by a type/year/number search', () => {
    const [entry] = entriesOf('search-type-ukpga-2018-12.feed.xml');
    expect(mapLegislationItem(entry!)).toMatchObject({
      source: 'legislation_gov_uk',
      upstreamId: 'ukpga/2018/12',
      title: 'Data Protection Act 2018',
      longTitle: expect.stringMatching(
        /^An Act to make provision for the regulation of the processing of information relating to individuals;/,
      ),
      description: null,
      category: 'primary',
      legislationType: 'ukpga',
      status: 'enacted',
      jurisdictionId: 1,
      legislationYear: 2018,
      legislationNumber: '12',
      isbn: '9780105700128',
      siNumber: null,
      enactmentDate: '2018-05-23',
      madeDate: null,
      officialUrl: 'https://www.legislation.gov.uk/ukpga/2018/12',
      lastUpdatedDate: '2026-07-09T10:58:22.000+01:00',
      departmentName: null,
      isDraft: false,
    });
  });

  it('files a Welsh SI returned for a uksi query as wsi', () => {
    const [entry] = entriesOf('search-type-uksi-2002-808-returns-wsi.feed.xml');
    expect(mapLegislationItem(entry!)).toMatchObject({
      upstreamId: 'wsi/2002/808',
      legislationType: 'wsi',
      category: 'secondary',
      status: 'enacted',
      siNumber: '2002 No. 808',
      madeDate: '2002-03-21',
      // an instrument is made; only Acts receive Royal Assent
      enactmentDate: null,
      subject: 'LOCAL GOVERNMENT, WALES',
      officialUrl: 'https://www.legislation.gov.uk/wsi/2002/808',
      description: expect.stringMatching(/^This Order modifies primary and secondary legislation/),
    });
  });

  it('files Acts of the National Assembly for Wales under Acts of Senedd Cymru, keeping their own URI', () => {
    const mapped = entriesOf('listing-anaw-2016-results-count-3-bilingual.feed.xml').map((entry) =>
      mapLegislationItem(entry),
    );
    expect(
      mapped.map((change) => [change?.upstreamId, change?.legislationType, change?.enactmentDate]),
    ).toEqual([
      ['anaw/2016/6', 'asc', '2016-04-25'],
      ['anaw/2016/5', 'asc', '2016-03-21'],
      ['anaw/2016/4', 'asc', '2016-03-21'],
    ]);
    expect(mapped[0]?.title).toBe('Tax Collection and Management (Wales) Act 2016');
  });

  it('maps newly published SIs from the Publication Log by their dc:identifier', () => {
    const mapped = entriesOf('publication-log-2026-09-24-legislation-new.feed.xml').map((entry) =>
      mapLegislationItem(entry),
    );
    expect(mapped[0]).toMatchObject({
      upstreamId: 'uksi/2026/1050',
      legislationType: 'uksi',
      siNumber: '2026 No. 1050',
      lastUpdatedDate: '2026-09-24T16:08:01.655+01:00',
    });
    expect(mapped[1]).toMatchObject({
      upstreamId: 'ssi/2026/267',
      legislationType: 'ssi',
      title: 'The Criminal Legal Assistance (Miscellaneous Amendment) (Scotland) Regulations 2026',
    });
  });

  it('does not follow EU-origin legislation', () => {
    expect(entriesOf('search-type-eur-2016-679.feed.xml').map((entry) => mapLegislationItem(entry))).toEqual([
      null,
    ]);
    expect(
      entriesOf('listing-all-results-count-1.feed.xml').map((entry) => mapLegislationItem(entry)),
    ).toEqual([null]);
  });

  it('enriches an entry with CLML: description, subject, commencement number', () => {
    const metadata = metadataOf('uksi-2019-1434-regulation-2-made.xml');
    expect(mapLegislationItem(null, metadata)).toMatchObject({
      upstreamId: 'uksi/2019/1434',
      title: 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019',
      description:
        'These Regulations are the third commencement regulations made under the Data Protection Act 2018 (c. 12).',
      siNumber: '2019 No. 1434',
      madeDate: '2019-10-30',
      subject: 'DATA PROTECTION',
      isbn: '9780111191279',
      effectiveDate: null,
      dateLaid: null,
      lastUpdatedDate: null,
    });
  });

  it('maps drafts as proposed, numbered by ISBN, and a made SI superseding its draft (constructed feed)', () => {
    const [draft, made] = entriesOf('constructed-publication-log-draft.feed.xml');
    expect(mapLegislationItem(draft!, metadataOf('constructed-ukdsi-draft-data.xml'))).toMatchObject({
      upstreamId: 'ukdsi/2026/9780000090005',
      legislationType: 'ukdsi',
      status: 'proposed',
      isDraft: true,
      legislationNumber: '9780000090005',
      isbn: '9780000090005',
      siNumber: null,
      madeDate: null,
      enactmentDate: null,
      dateLaid: '2026-09-17',
      officialUrl: 'https://www.legislation.gov.uk/ukdsi/2026/9780000090005',
    });
    expect(mapLegislationItem(made!)).toMatchObject({
      upstreamId: 'uksi/2026/9002',
      supersedes: 'ukdsi/2026/9780000090043',
      isDraft: false,
    });
  });
});

describe('mapLegislationTimeline', () => {
  it('lists made, laid and coming-into-force events of a made SI (constructed document)', () => {
    const metadata = metadataOf('constructed-uksi-made-data.xml');
    const change = mapLegislationItem(null, metadata)!;
    expect(change).toMatchObject({
      effectiveDate: '2026-10-05',
      dateLaid: '2026-09-14',
      madeDate: '2026-09-10',
    });
    expect(
      mapLegislationTimeline(change, metadata).map((e) => [
        e.upstreamId,
        e.title,
        e.eventDate,
        e.eventType,
        e.sortOrder,
      ]),
    ).toEqual([
      ['made', 'Made', '2026-09-10', 'enacted', 1],
      ['laid:UnitedKingdomParliament:2026-09-14', 'Laid before the UK Parliament', '2026-09-14', 'other', 2],
      ['coming-into-force:2026-10-05', 'Comes into force', '2026-10-05', 'effective', 3],
      ['coming-into-force:2027-04-06', 'Comes into force', '2027-04-06', 'effective', 4],
    ]);
  });

  it('gives an Act its enactment event and a draft its undated coming into force', () => {
    const act = metadataOf('constructed-ukpga-enacted-data.xml');
    expect(mapLegislationTimeline(mapLegislationItem(null, act)!, act)).toEqual([
      expect.objectContaining({
        upstreamId: 'enacted',
        eventDate: '2026-09-18',
        eventType: 'enacted',
        sourceUrl: 'https://www.legislation.gov.uk/ukpga/2026/901',
        sourceName: 'legislation.gov.uk',
      }),
    ]);
    const draft = metadataOf('constructed-ukdsi-draft-data.xml');
    expect(
      mapLegislationTimeline(mapLegislationItem(null, draft)!, draft).map((e) => [
        e.title,
        e.eventDate,
        e.description,
      ]),
    ).toEqual([
      ['Laid before the UK Parliament', '2026-09-17', null],
      ['Comes into force', null, 'in accordance with regulation 1'],
    ]);
  });
});
