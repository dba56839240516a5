import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '#server/sources/http';
import { fixtureText } from '#test/fixtures/sources/load';
import { nextPageNumber, parseFeed, withPage } from './feed';

const feedOf = (name: string) =>
  parseFeed(parseXmlDocument(fixtureText('legislation-gov-uk', name), name), name);

describe('parseFeed', () => {
  it('reads a Publication Log page with its totals and pbl fields', () => {
    const feed = feedOf('publication-log-2026-09-24.feed.xml');
    expect(feed).toMatchObject({
      title: 'Publication Log',
      totalResults: 1232,
      itemsPerPage: 20,
      page: 1,
      morePages: 61,
    });
    expect(feed.entries).toHaveLength(11);
    expect(feed.entries[0]).toMatchObject({
      id: 'http://www.legislation.gov.uk/changes/affecting/uksi/1990/1869/published/2026-09-24T23:58:08.541133+01:00',
      identifier: 'http://www.legislation.gov.uk/id/uksi/1990/1869',
      title: 'The Tuberculosis (England and Wales) (Amendment) Order 1990',
      author: 'editorial.legislation.gov.uk',
      documentCategory: null,
      documentMainType: 'UnitedKingdomStatutoryInstrument',
      year: 1990,
      number: '1869',
      publicationLog: { contentType: 'changes', event: 'published', direction: 'affecting', isNew: null },
    });
    expect(feed.entries[1]).toMatchObject({
      documentCategory: 'secondary',
      language: 'en',
      publicationLog: {
        contentType: 'legislation',
        republished: false,
        isNew: false,
        document: 'http://www.legislation.gov.uk/uksi/1990/1869/1990-10-15',
        itemPublished: 'http://www.legislation.gov.uk/uksi/1990/1869/1990-10-15/data.xml',
        format: 'xml',
      },
    });
    const republished = feed.entries.find((entry) => entry.publicationLog?.republished === true)!;
    expect(republished).toMatchObject({
      identifier: 'http://www.legislation.gov.uk/id/ukpga/1991/22',
      published: '2022-04-26T10:22:55.804285+01:00',
    });
  });

  it('pages past the malformed page-1 next link by building page=N', () => {
    const feed = feedOf('publication-log-2026-09-24.feed.xml');
    expect(feed.links.find((link) => link.rel === 'next')?.href).toBe(
      'http://www.legislation.gov.uk/update/2026-09-24/data.feed?sort=date&sortorder=descending?page=2',
    );
    expect(nextPageNumber(feed)).toBe(2);
    expect(withPage('/update/2026-09-24/data.feed?sort=date&sortorder=descending', 2)).toBe(
      '/update/2026-09-24/data.feed?sort=date&sortorder=descending&page=2',
    );
    expect(withPage('/title/data%20protection/data.feed?page=2', 3)).toBe(
      '/title/data%20protection/data.feed?page=3',
    );
    expect(withPage('/anaw/2016/data.feed?page=2', 1)).toBe('/anaw/2016/data.feed');
  });

  it('reads the newly published items of a day, PDF and XML events alike', () => {
    const feed = feedOf('publication-log-2026-09-24-legislation-new.feed.xml');
    expect(feed.entries).toHaveLength(7);
    expect(nextPageNumber(feed)).toBeNull();
    expect(feed.entries[0]).toMatchObject({
      identifier: 'http://www.legislation.gov.uk/id/uksi/2026/1050',
      title: 'The Firearms (Amendment) Rules 2026',
      author: "King's Printer of Acts of Parliament",
      publicationLog: {
        isNew: true,
        newlyIssued: true,
        format: 'pdf',
        print: false,
        document: 'http://www.legislation.gov.uk/uksi/2026/1050/made',
      },
    });
    expect(feed.entries[2]!.title).toBe(
      'The Visitor Levy (Miscellaneous Amendment) (Scotland) Regulations 2026',
    );
    expect(feed.entries.map((entry) => entry.publicationLog?.format)).toContain('xml');
  });

  it('reads empty feeds and zero-hit listings', () => {
    const empty = feedOf('publication-log-2026-09-24-changes-primary-empty.feed.xml');
    expect(empty).toMatchObject({ totalResults: 0, morePages: 0, entries: [] });
    expect(nextPageNumber(empty)).toBeNull();
    const zero = feedOf('listing-ukpga-2018-scotland-zero-hits.feed.xml');
    expect(zero).toMatchObject({ title: 'Search Results', totalResults: 0, itemsPerPage: 20, entries: [] });
    expect(nextPageNumber(zero)).toBeNull();
  });

  it('takes English text from bilingual entries and follows rel=next', () => {
    const feed = feedOf('listing-anaw-2016-results-count-3-bilingual.feed.xml');
    expect(feed).toMatchObject({ totalResults: 6, itemsPerPage: 3, morePages: 2 });
    expect(nextPageNumber(feed)).toBe(2);
    expect(feed.entries.map((entry) => entry.title)).toEqual([
      'Tax Collection and Management (Wales) Act 2016',
      'Nurse Staffing Levels (Wales) Act 2016',
      'Historic Environment (Wales) Act 2016 (repealed)',
    ]);
    expect(feed.entries[0]).toMatchObject({
      titleWelsh: 'Deddf Casglu a Rheoli Trethi (Cymru) 2016',
      summary: expect.stringMatching(
        /^An Act of the National Assembly for Wales to establish the Welsh Revenue Authority;/,
      ),
      published: '2016-04-26T16:23:46.432+01:00',
      isbn: '9780348112993',
      creationDate: '2016-04-25',
    });
    expect(feed.entries[0]!.summary).not.toContain('Deddf');
  });

  it('reads a Welsh SI returned for a uksi lookup, with its numbers and subjects', () => {
    const feed = feedOf('search-type-uksi-2002-808-returns-wsi.feed.xml');
    expect(feed.totalResults).toBe(1);
    expect(feed.morePages).toBe(1);
    expect(nextPageNumber(feed)).toBeNull();
    expect(feed.entries[0]).toMatchObject({
      id: 'http://www.legislation.gov.uk/id/wsi/2002/808',
      title:
        'The Local Authorities (Executive and Alternative Arrangements) (Modification of Enactments and Other Provisions) (Wales) Order 2002',
      documentMainType: 'WelshStatutoryInstrument',
      isbn: '0110904907',
      alternativeNumbers: [
        { category: 'W', value: '89' },
        { category: 'Cy', value: '89' },
      ],
      subject: 'LOCAL GOVERNMENT, WALES',
      author: null,
    });
    expect(feed.entries[0]!.categories).toEqual([
      'Local government',
      'Cabinet',
      'Special educational needs and additional support',
      'Further and higher education',
      'LOCAL GOVERNMENT, WALES',
      'LLYWODRAETH LEOL, CYMRU',
    ]);
    expect(
      feed.entries[0]!.links.find((link) => link.rel === 'alternate' && link.type === 'application/xml')
        ?.href,
    ).toBe('http://www.legislation.gov.uk/wsi/2002/808/2022-05-13/data.xml');
  });

  it('pages by totalResults when there is no next link', () => {
    const feed = { ...feedOf('search-title-data-protection.feed.xml'), links: [] };
    expect(nextPageNumber(feed)).toBe(2);
    expect(nextPageNumber({ ...feed, page: 8 })).toBeNull();
  });

  it('rejects a document that is not an Atom feed', () => {
    expect(() => parseFeed({ Legislation: {} }, 'x')).toThrow(
      expect.objectContaining({ kind: 'schema_mismatch' }),
    );
    expect(() => parseFeed({ html: { body: '' } }, 'x')).toThrow(
      expect.objectContaining({ kind: 'html_instead_of_data' }),
    );
  });
});
