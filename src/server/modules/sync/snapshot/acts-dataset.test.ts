import { describe, expect, it } from 'vitest';
import { loadActsDataset, mapActRow } from './acts-dataset';
import { parseCsv } from './csv';

describe('bundled Acts dataset', () => {
  it('parses quoted fields with commas and CRLF endings', () => {
    expect(parseCsv('a,"b, c",d\r\n1,"say ""hi""",3\r\n')).toEqual([
      ['a', 'b, c', 'd'],
      ['1', 'say "hi"', '3'],
    ]);
  });

  it('maps every followed row with its real type, year and number, leaving Church Measures out', () => {
    const items = loadActsDataset();
    expect(items.length).toBe(325 - 8);
    const keys = new Set(items.map((i) => i.item.upstreamId));
    expect(keys.size).toBe(items.length);
    const football = items.find((i) => i.item.upstreamId === 'ukpga/2025/21')!;
    expect(football.item).toMatchObject({
      title: 'Football Governance Act 2025',
      legislationType: 'ukpga',
      category: 'primary',
      status: 'enacted',
      legislationYear: 2025,
      officialUrl: 'https://www.legislation.gov.uk/ukpga/2025/21',
      enactmentDate: null,
    });
    expect(football.documents[0]?.downloadUrl).toBe(
      'https://www.legislation.gov.uk/ukpga/2025/21/pdfs/ukpga_20250021_en.pdf',
    );
    expect(items.filter((i) => i.item.legislationType === 'asp').length).toBe(60);
  });

  it('takes a local Act number from its URL, not the roman numeral', () => {
    const mapped = mapActRow({
      name: 'Some Local Act 2023',
      page_url: 'https://www.legislation.gov.uk/ukla/2023/2/contents/enacted',
      pdf_url: '',
      pdf_url_available: 'False',
    });
    expect(mapped?.item.upstreamId).toBe('ukla/2023/2');
    expect(mapped?.documents).toEqual([]);
  });
});
