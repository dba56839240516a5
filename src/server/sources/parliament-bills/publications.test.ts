import { describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/fixtures/sources/load';
import { documentTypeOf, fileFormatOf, mapPublication, mapPublications } from './publications';
import { billPublicationsSchema, publicationSchema } from './schemas';

const recorded = billPublicationsSchema.parse(fixtureJson('parliament-bills', 'bill-512-publications.json'));
const byId = (id: string) => mapPublications(recorded).find((doc) => doc.upstreamId === id)!;

describe('mapPublications', () => {
  it('maps every recorded publication of bill 512', () => {
    const documents = mapPublications(recorded);
    expect(documents).toHaveLength(41);
    expect(new Set(documents.map((doc) => doc.upstreamId)).size).toBe(41);
  });

  it('maps the Act: view and download links from `links`, legacy host left on http', () => {
    expect(byId('2756')).toEqual({
      upstreamId: '2756',
      title: 'Constitutional Reform and Governance Act 2010 c.25',
      documentType: 'act',
      fileFormat: 'PDF',
      fileSize: null,
      publishedDate: '2010-04-12',
      description: 'Act of Parliament (Commons)',
      fileUrl: 'http://www.opsi.gov.uk/acts/acts2010/ukpga_20100025_en_1',
      downloadUrl: 'http://www.opsi.gov.uk/acts/acts2010/pdf/ukpga_20100025_en.pdf',
    });
  });

  it('upgrades parliament.uk links to https and maps publication types', () => {
    expect(byId('2753')).toMatchObject({
      documentType: 'other',
      fileFormat: 'PDF',
      fileUrl: expect.stringMatching(
        /^https:\/\/www\.parliament\.uk\/documents\/commons-public-bill-office\/2009-10\//,
      ),
      downloadUrl: expect.stringMatching(/^https:\/\/www\.parliament\.uk\/.*\.pdf$/),
    });
    expect(byId('2727')).toMatchObject({
      documentType: 'guidance',
      title: 'Bill 4 EN 09-10',
      publishedDate: '2009-11-19',
    });
    expect(byId('2726')).toMatchObject({
      documentType: 'bill',
      fileFormat: 'PDF',
      fileUrl: expect.stringContaining('https://www.publications.parliament.uk/pa/cm200910/cmbills/004/'),
    });
    expect(byId('2744').documentType).toBe('bill');
    expect(byId('2752')).toMatchObject({
      documentType: 'other',
      fileFormat: 'HTML',
      downloadUrl: null,
      description: 'Amendment Paper (Lords)',
    });
    expect(byId('2728').description).toBe('Select Committee report');
  });

  it('prefers uploaded files, downloaded through the API', () => {
    // constructed from the documented shape: no recorded publication had files
    const withFile = publicationSchema.parse({
      id: 9001,
      house: 'Commons',
      title: 'Impact Assessment',
      displayDate: '2024-01-10T00:00:00',
      publicationType: { id: 12, name: 'Impact Assessment', description: null },
      links: [],
      files: [
        { id: 77, filename: 'impact-assessment.pdf', contentType: 'application/pdf', contentLength: 123456 },
      ],
    });
    expect(mapPublication(withFile)).toMatchObject({
      documentType: 'impact_assessment',
      fileFormat: 'PDF',
      fileSize: 123456,
      fileUrl: 'https://bills-api.parliament.uk/api/v1/Publications/9001/Documents/77/Download',
      downloadUrl: 'https://bills-api.parliament.uk/api/v1/Publications/9001/Documents/77/Download',
    });
  });
});

describe('helpers', () => {
  it('derives document types and file formats', () => {
    expect(documentTypeOf('Explanatory Notes')).toBe('guidance');
    expect(documentTypeOf('Briefing papers')).toBe('other');
    expect(fileFormatOf('text/html; charset=utf-8')).toBe('HTML');
    expect(fileFormatOf(null, 'notes.docx')).toBe('DOCX');
    expect(fileFormatOf(null, null)).toBeNull();
  });
});
