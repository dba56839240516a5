/** News articles Parliament publishes about a bill (`GET /Bills/{billId}/NewsArticles`). */
import type { UpstreamClient } from '#server/sources/http';
import { getBillNewsArticles } from '#server/sources/parliament-bills/client';
import { billUrl } from '#server/sources/parliament-bills/mapper';
import type { NewsArticle } from '#server/sources/parliament-bills/schemas';
import { htmlToText } from '#server/sources/common/text';
import { parseUkTimestamp } from '#server/sources/common/uk-time';
import type { NewsProvider, NewsSubject, RawArticle } from './types';

const SUMMARY_LENGTH = 500;
const PARLIAMENT_FAVICON = 'https://bills.parliament.uk/favicon.ico';

/** The billId of a UK Parliament bill, or null for any other item. */
export function billIdOf(
  item: Pick<NewsSubject, 'source' | 'legislationType' | 'upstreamId'>,
): number | null {
  if (item.source !== 'parliament_bills' || item.legislationType !== 'uk_parliament_bill') return null;
  if (!/^[1-9][0-9]{0,9}$/.test(item.upstreamId)) return null;
  return Number(item.upstreamId);
}

function summaryOf(content: string | null): string | null {
  const text = htmlToText(content);
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= SUMMARY_LENGTH) return flat;
  const cut = flat.lastIndexOf(' ', SUMMARY_LENGTH);
  return `${flat.slice(0, cut > SUMMARY_LENGTH / 2 ? cut : SUMMARY_LENGTH).trimEnd()}…`;
}

export function mapBillNewsArticle(billId: number, article: NewsArticle, provider: string): RawArticle {
  return {
    // the bill's news page; the fragment keeps each article's address distinct
    url: `${billUrl(billId)}/news#article-${article.id}`,
    title: article.title.trim(),
    summary: summaryOf(article.content),
    source: 'UK Parliament',
    publishedDate: parseUkTimestamp(article.displayDate),
    favicon: PARLIAMENT_FAVICON,
    provider,
    official: true,
  };
}

export function createParliamentBillNewsProvider(client: UpstreamClient): NewsProvider {
  const name = 'parliament-bill-news';
  return {
    name,
    label: 'UK Parliament bill news',
    appliesTo: (item) => billIdOf(item) !== null,
    async search(item) {
      const billId = billIdOf(item);
      if (billId === null) return [];
      const articles = await getBillNewsArticles(client, billId);
      return articles.filter((a) => a.title.trim()).map((a) => mapBillNewsArticle(billId, a, name));
    },
  };
}
