/**
 * legislation.gov.uk Atom feeds: listings, searches and the Publication Log.
 * English text is taken from bilingual (xhtml en/cy) titles and summaries.
 */
import { UpstreamError, type XmlNode } from '#server/sources/http';
import { asArray, attr, child, children, isoDate, languageText, textOf, valueOf } from './xml';

export interface FeedLink {
  rel: string;
  href: string;
  type: string | null;
  title: string | null;
  hreflang: string | null;
}

export interface AlternativeNumber {
  category: string;
  value: string;
}

/** pbl:* fields of a Publication Log entry */
export interface PublicationLogEvent {
  contentType: string | null;
  event: string | null;
  direction: string | null;
  republished: boolean | null;
  isNew: boolean | null;
  newlyIssued: boolean | null;
  document: string | null;
  itemPublished: string | null;
  itemWithdrawn: string | null;
  format: string | null;
  print: boolean | null;
  correctionSlipNumber: string | null;
}

export interface FeedEntry {
  /** listing entries: the item's /id/ URI; Publication Log entries: the event id */
  id: string;
  /** dc:identifier: the item's /id/ URI (Publication Log) */
  identifier: string | null;
  title: string | null;
  titleWelsh: string | null;
  summary: string | null;
  links: FeedLink[];
  author: string | null;
  updated: string | null;
  published: string | null;
  language: string | null;
  documentCategory: string | null;
  documentMainType: string | null;
  year: number | null;
  number: string | null;
  isbn: string | null;
  creationDate: string | null;
  alternativeNumbers: AlternativeNumber[];
  supersedes: string[];
  subject: string | null;
  categories: string[];
  publicationLog: PublicationLogEvent | null;
}

export interface Feed {
  id: string | null;
  title: string | null;
  updated: string | null;
  totalResults: number | null;
  itemsPerPage: number | null;
  page: number;
  /** approximate; its meaning differs between feeds, so paging does not rely on it */
  morePages: number | null;
  links: FeedLink[];
  entries: FeedEntry[];
}

const intOf = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;
const boolOf = (value: string | null): boolean | null =>
  value === 'true' ? true : value === 'false' ? false : null;

function linksOf(node: XmlNode, name = 'link'): FeedLink[] {
  return children(node, name)
    .map((link) => ({
      rel: attr(link, 'rel') ?? 'alternate',
      href: attr(link, 'href') ?? '',
      type: attr(link, 'type'),
      title: attr(link, 'title'),
      hreflang: attr(link, 'hreflang'),
    }))
    .filter((link) => link.href !== '');
}

const plain = (node: XmlNode, name: string) => textOf(child(node, name));

function publicationLogOf(entry: XmlNode): PublicationLogEvent | null {
  if (!Object.keys(entry).some((key) => key.startsWith('pbl:'))) return null;
  return {
    contentType: plain(entry, 'pbl:ContentType'),
    event: plain(entry, 'pbl:Event'),
    direction: plain(entry, 'pbl:Direction'),
    republished: boolOf(plain(entry, 'pbl:Republished')),
    isNew: boolOf(plain(entry, 'pbl:New')),
    newlyIssued: boolOf(plain(entry, 'pbl:NewlyIssued')),
    document: plain(entry, 'pbl:Document'),
    itemPublished: plain(entry, 'pbl:Item_Published'),
    itemWithdrawn: plain(entry, 'pbl:Item_Withdrawn'),
    format: plain(entry, 'pbl:Format'),
    print: boolOf(plain(entry, 'pbl:Print')),
    correctionSlipNumber: plain(entry, 'pbl:CorrectionSlipNumber'),
  };
}

export function parseEntry(entry: XmlNode): FeedEntry {
  const title = child(entry, 'title');
  const categories = children(entry, 'category')
    .map((c) => attr(c, 'term'))
    .filter((t): t is string => t !== null);
  return {
    id: plain(entry, 'id') ?? '',
    identifier: plain(entry, 'dc:identifier'),
    title: languageText(title, 'en'),
    titleWelsh: languageText(title, 'cy'),
    summary: languageText(child(entry, 'summary'), 'en'),
    links: linksOf(entry),
    author: textOf(child(child(entry, 'author'), 'name')),
    updated: plain(entry, 'updated'),
    published: plain(entry, 'published'),
    language: plain(entry, 'dc:language'),
    documentCategory: valueOf(entry, 'ukm:DocumentCategory'),
    documentMainType: valueOf(entry, 'ukm:DocumentMainType'),
    year: intOf(valueOf(entry, 'ukm:Year')),
    number: valueOf(entry, 'ukm:Number'),
    isbn: valueOf(entry, 'ukm:ISBN'),
    creationDate: isoDate(valueOf(entry, 'ukm:CreationDate', 'Date')),
    alternativeNumbers: children(entry, 'ukm:AlternativeNumber')
      .map((n) => ({ category: attr(n, 'Category') ?? '', value: attr(n, 'Value') ?? '' }))
      .filter((n) => n.value !== ''),
    supersedes: children(entry, 'ukm:Supersedes')
      .map((s) => attr(s, 'URI') ?? attr(s, 'Value') ?? textOf(s))
      .filter((s): s is string => s !== null),
    subject: valueOf(entry, 'ukm:Subject'),
    categories: [...new Set(categories)],
    publicationLog: publicationLogOf(entry),
  };
}

/** An Atom feed document → Feed; anything else is an UpstreamError. */
export function parseFeed(doc: XmlNode, url: string): Feed {
  const root = doc.feed;
  if (root === undefined) {
    const kind = 'html' in doc ? 'html_instead_of_data' : 'schema_mismatch';
    const found = Object.keys(doc)[0] ?? 'nothing';
    throw new UpstreamError(kind, url, `Expected an Atom feed from ${url}, got <${found}>`, {
      retryable: kind === 'html_instead_of_data',
    });
  }
  const feed: XmlNode = typeof root === 'object' && root !== null ? (root as XmlNode) : {};
  return {
    id: plain(feed, 'id'),
    title: plain(feed, 'title'),
    updated: plain(feed, 'updated'),
    totalResults: intOf(plain(feed, 'openSearch:totalResults')),
    itemsPerPage: intOf(plain(feed, 'openSearch:itemsPerPage')),
    page: intOf(plain(feed, 'leg:page')) ?? 1,
    morePages: intOf(plain(feed, 'leg:morePages')),
    links: linksOf(feed),
    entries: asArray(feed.entry as XmlNode | XmlNode[] | undefined).map(parseEntry),
  };
}

/**
 * The next page number, or null on the last page. Decided by a `rel="next"` link or, without
 * one, by totalResults/itemsPerPage. The link itself is not followed: on page 1 of the
 * Publication Log it is malformed (`…sortorder=descending?page=2`), so callers build
 * `page=N` themselves with withPage().
 */
export function nextPageNumber(feed: Feed): number | null {
  if (feed.entries.length === 0) return null;
  if (feed.links.some((link) => link.rel === 'next')) return feed.page + 1;
  if (feed.totalResults !== null && feed.itemsPerPage) {
    return feed.page * feed.itemsPerPage < feed.totalResults ? feed.page + 1 : null;
  }
  return null;
}

/** Sets (or, for page 1, removes) the `page` parameter of a request path, keeping its encoding. */
export function withPage(path: string, page: number): string {
  const queryAt = path.indexOf('?');
  const base = queryAt === -1 ? path : path.slice(0, queryAt);
  const params = (queryAt === -1 ? '' : path.slice(queryAt + 1))
    .split('&')
    .filter((p) => p !== '' && !p.startsWith('page='));
  if (page > 1) params.push(`page=${page}`);
  return params.length > 0 ? `${base}?${params.join('&')}` : base;
}
