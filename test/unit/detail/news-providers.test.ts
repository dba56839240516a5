import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  govukSearchPath,
  govukSearchResponseSchema,
  mapGovukResult,
} from '#server/providers/news/govuk-search';
import { billIdOf, mapBillNewsArticle } from '#server/providers/news/parliament-bill-news';
import { articleKey, mergeArticles } from '#server/modules/legal-change-detail/news.service';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../fixtures/sources/govuk-search/${name}`, import.meta.url), 'utf8'),
  ) as unknown;

describe('GOV.UK search', () => {
  it('asks with the documented parameters only', () => {
    const url = new URL(govukSearchPath('Renters’ Rights Bill'), 'https://www.gov.uk/api');
    expect([...url.searchParams.keys()].sort()).toEqual(['count', 'fields', 'order', 'q']);
    expect(url.searchParams.get('q')).toBe('Renters’ Rights Bill');
    expect(url.searchParams.get('count')).toBe('20');
    expect(url.searchParams.get('order')).toBe('-public_timestamp');
    expect(url.searchParams.get('fields')).toBe(
      'title,description,link,public_timestamp,organisations,format',
    );
  });

  it('maps results to articles on www.gov.uk and leaves out organisation pages', () => {
    const body = govukSearchResponseSchema.parse(fixture('search-coastal-flood-defences-bill.json'));
    const articles = body.results.map((r) => mapGovukResult(r, 'govuk-search'));
    expect(articles).toHaveLength(6);
    expect(articles[0]).toEqual({
      url: 'https://www.gov.uk/government/news/coastal-flood-defences-bill-introduced-to-parliament',
      title: 'Coastal Flood Defences Bill introduced to Parliament',
      summary:
        'The Coastal Flood Defences Bill sets out new duties for maintaining sea walls and tidal barriers.',
      source: 'Department for Environment, Food & Rural Affairs',
      publishedDate: new Date('2026-09-14T09:30:00Z'),
      favicon: 'https://www.gov.uk/favicon.ico',
      provider: 'govuk-search',
      official: false,
    });
    expect(articles[4]!.source).toBe('GOV.UK');
    expect(articles[5]).toBeNull();
  });

  it('skips results without a title or a usable link and reads odd organisations', () => {
    expect(mapGovukResult({ title: '', link: '/x' }, 'g')).toBeNull();
    expect(mapGovukResult({ title: 'T', link: null }, 'g')).toBeNull();
    expect(mapGovukResult({ title: 'T', link: 'javascript:alert(1)' }, 'g')).toBeNull();
    const external = mapGovukResult(
      { title: 'T', link: 'https://www.nhs.uk/a', organisations: ['nhs'], public_timestamp: 'soon' },
      'g',
    );
    expect(external).toMatchObject({ url: 'https://www.nhs.uk/a', source: 'GOV.UK', publishedDate: null });
  });
});

describe('Parliament bill news', () => {
  it('applies to UK Parliament bills with a numeric bill id only', () => {
    expect(
      billIdOf({ source: 'parliament_bills', legislationType: 'uk_parliament_bill', upstreamId: '3786' }),
    ).toBe(3786);
    expect(
      billIdOf({ source: 'parliament_bills', legislationType: 'uk_parliament_bill', upstreamId: 'test-1' }),
    ).toBeNull();
    expect(
      billIdOf({ source: 'legislation_gov_uk', legislationType: 'uksi', upstreamId: 'uksi/2026/1' }),
    ).toBeNull();
  });

  it('maps an article to the bill news page with plain text and a UK time', () => {
    const article = mapBillNewsArticle(
      3786,
      {
        id: 51,
        title: ' Second reading ',
        content: '<p>MPs debated the <b>bill</b>.</p>',
        displayDate: '2026-07-01T14:30:00',
      },
      'parliament-bill-news',
    );
    expect(article).toEqual({
      url: 'https://bills.parliament.uk/bills/3786/news#article-51',
      title: 'Second reading',
      summary: 'MPs debated the bill.',
      source: 'UK Parliament',
      publishedDate: new Date('2026-07-01T13:30:00Z'),
      favicon: 'https://bills.parliament.uk/favicon.ico',
      provider: 'parliament-bill-news',
      official: true,
    });
  });
});

describe('merging articles', () => {
  const subject = {
    id: 1,
    title: 'Coastal Flood Defences Bill',
    shortName: null,
    longTitle: null,
    source: 'parliament_bills',
    upstreamId: '1',
    legislationType: 'uk_parliament_bill',
  };
  const raw = (url: string, title: string, official = false) => ({
    url,
    title,
    summary: null,
    source: 's',
    publishedDate: null,
    favicon: null,
    provider: 'p',
    official,
  });

  it('dedupes by URL, keeps the best score and drops weak matches', () => {
    const merged = mergeArticles(subject, [
      [
        raw('https://www.gov.uk/a/?utm_source=x', 'Coastal flood defences: update'),
        raw('https://www.gov.uk/b', 'Road permits'),
      ],
      [raw('https://www.gov.uk/a', 'Coastal Flood Defences Bill', true)],
    ]);
    expect(merged).toEqual([
      {
        url: 'https://www.gov.uk/a',
        title: 'Coastal Flood Defences Bill',
        summary: null,
        source: 's',
        publishedDate: null,
        favicon: null,
        provider: 'p',
        relevanceScore: 1,
      },
    ]);
  });

  it('normalises article keys', () => {
    expect(articleKey('https://www.gov.uk/a/b/?utm_medium=email&x=1')).toBe('https://www.gov.uk/a/b?x=1');
    expect(articleKey('https://bills.parliament.uk/bills/1/news#article-2')).toBe(
      'https://bills.parliament.uk/bills/1/news#article-2',
    );
    expect(articleKey('not a url')).toBe('not a url');
  });
});
