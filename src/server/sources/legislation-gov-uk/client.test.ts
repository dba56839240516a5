import { describe, expect, it } from 'vitest';
import { fixtureClient } from '#test/fixtures/sources/fixture-client';
import { fixtureText } from '#test/fixtures/sources/load';
import { assertFeedDate, getItemMetadata, listingPage, publicationLogPage } from './client';

const atom = (name: string) => ({
  body: fixtureText('legislation-gov-uk', name),
  contentType: 'application/atom+xml',
});

describe('publicationLogPage', () => {
  it('asks for the day newest first and pages with page=N despite the malformed next link', async () => {
    const client = fixtureClient((url) =>
      url.pathname === '/update/2026-09-24/data.feed'
        ? atom('publication-log-2026-09-24.feed.xml')
        : undefined,
    );
    const first = await publicationLogPage(client, '2026-09-24', 1);
    expect(first).toMatchObject({
      path: '/update/2026-09-24/data.feed?sort=date&sortorder=descending',
      nextPage: 2,
      pastLastPage: false,
    });
    expect(first.feed.entries).toHaveLength(11);
    const second = await publicationLogPage(client, '2026-09-24', first.nextPage!);
    expect(second.path).toBe('/update/2026-09-24/data.feed?sort=date&sortorder=descending&page=2');
    expect(client.requested[1]!.search).toBe('?sort=date&sortorder=descending&page=2');
  });

  it('filters by content type and new items', async () => {
    const client = fixtureClient((url) =>
      url.pathname === '/update/2026-09-24/legislation/data.feed'
        ? atom('publication-log-2026-09-24-legislation-new.feed.xml')
        : undefined,
    );
    const page = await publicationLogPage(client, '2026-09-24', 1, {
      contentType: 'legislation',
      newOnly: true,
    });
    expect(client.requested[0]!.search).toBe('?new=true&sort=date&sortorder=descending');
    expect(page).toMatchObject({ nextPage: null });
    expect(page.feed.entries).toHaveLength(7);
  });

  it('refuses impossible dates before any request', async () => {
    const client = fixtureClient(() => undefined);
    await expect(publicationLogPage(client, '2019-02-30', 1)).rejects.toThrow(RangeError);
    await expect(publicationLogPage(client, '24/09/2026', 1)).rejects.toThrow(RangeError);
    expect(client.requested).toHaveLength(0);
    expect(assertFeedDate('2024-02-29')).toBe('2024-02-29');
  });

  it('reports an HTML page where the feed was expected', async () => {
    const client = fixtureClient(() => ({
      body: '<!DOCTYPE html><html><body><div id="challenge-container"></div></body></html>',
      contentType: 'text/html',
    }));
    await expect(publicationLogPage(client, '2026-09-24', 1)).rejects.toMatchObject({
      kind: 'html_instead_of_data',
    });
  });
});

describe('listingPage', () => {
  it('builds the listing path with an explicit sort and results-count', async () => {
    const client = fixtureClient((url) =>
      url.pathname === '/anaw/2016/data.feed'
        ? atom('listing-anaw-2016-results-count-3-bilingual.feed.xml')
        : undefined,
    );
    const page = await listingPage(client, 'anaw', { year: 2016, resultsCount: 3 });
    expect(page.path).toBe('/anaw/2016/data.feed?sort=published&results-count=3');
    expect(page.nextPage).toBe(2);
    await expect(listingPage(client, '../etc', {})).rejects.toThrow(RangeError);
  });

  it('treats the 307 to the HTML search page as past the last page', async () => {
    const client = fixtureClient((url) =>
      url.searchParams.get('page') === '3'
        ? {
            status: 307,
            body: fixtureText('legislation-gov-uk', 'search-307-redirect.html'),
            contentType: 'text/html',
            headers: { location: '/search?type=ukpga&title=data%20protection' },
          }
        : undefined,
    );
    const page = await listingPage(client, 'ukpga', { page: 3, sort: 'modified' });
    expect(page).toMatchObject({
      pastLastPage: true,
      nextPage: null,
      path: '/ukpga/data.feed?sort=modified&results-count=20&page=3',
    });
    expect(page.feed.entries).toEqual([]);
    expect(client.requested).toHaveLength(1);
  });
});

describe('getItemMetadata', () => {
  it('follows the 307 from data.xml to the made version', async () => {
    const client = fixtureClient((url) => {
      if (url.pathname === '/uksi/2019/1434/data.xml')
        return {
          status: 307,
          body: '',
          headers: { location: 'http://www.legislation.gov.uk/uksi/2019/1434/made/data.xml' },
        };
      if (url.pathname === '/uksi/2019/1434/made/data.xml')
        return {
          body: fixtureText('legislation-gov-uk', 'uksi-2019-1434-regulation-2-made.xml'),
          contentType: 'application/xml',
        };
      return undefined;
    }, 'https://www.legislation.gov.uk');
    const { url, metadata } = await getItemMetadata(client, 'uksi', 2019, 1434);
    expect(url).toBe('https://www.legislation.gov.uk/uksi/2019/1434/made/data.xml');
    expect(metadata).toMatchObject({
      title: 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019',
      madeDate: '2019-10-30',
    });
    expect(client.requested.map((requested) => requested.href)).toEqual([
      'https://www.legislation.gov.uk/uksi/2019/1434/data.xml',
      'https://www.legislation.gov.uk/uksi/2019/1434/made/data.xml',
    ]);
  });
});
