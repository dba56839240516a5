/** What a news provider searches for and what it returns, before scoring and caching. */

/** The legal change a search is about. */
export interface NewsSubject {
  id: number;
  title: string;
  shortName: string | null;
  longTitle: string | null;
  /** parliament_bills | legislation_gov_uk | scottish_parliament */
  source: string;
  /** the upstream key: a billId for parliament_bills */
  upstreamId: string;
  legislationType: string;
}

export interface RawArticle {
  url: string;
  title: string;
  summary: string | null;
  /** the publisher shown on the card */
  source: string;
  publishedDate: Date | null;
  favicon: string | null;
  /** the provider's name */
  provider: string;
  /** published by the item's own official page (e.g. the bill's news on bills.parliament.uk) */
  official: boolean;
}

export interface NewsProvider {
  readonly name: string;
  /** a short label for error messages, e.g. 'GOV.UK search' */
  readonly label: string;
  /** whether this provider has news for such an item (Parliament bill news only for bills) */
  appliesTo(item: NewsSubject): boolean;
  /** articles about `item` found with `query` (the item's official search term); throws when the service fails */
  search(item: NewsSubject, query: string): Promise<RawArticle[]>;
}
