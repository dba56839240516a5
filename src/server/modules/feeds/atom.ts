/**
 * A small typed Atom 1.0 (RFC 4287) writer: every feed has its id, title, updated, author and
 * self link; every entry its id, title, updated, alternate link and summary. Text is escaped,
 * never embedded as markup.
 */

export interface AtomEntry {
  /** a permanent IRI, e.g. a tag: URI */
  id: string;
  title: string;
  updated: Date;
  summary: string;
  link: string;
}

export interface AtomFeedInput {
  id: string;
  title: string;
  selfUrl: string;
  alternateUrl: string;
  entries: AtomEntry[];
  /** the feed's updated when it has no entries */
  fallbackUpdated?: Date;
}

const XML_CHARS = /[&<>"']/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** characters XML 1.0 does not allow at all */
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string) => text.replace(INVALID, '').replace(XML_CHARS, (c) => ESCAPES[c]!);

const date = (d: Date) => (Number.isNaN(d.getTime()) ? new Date(0) : d).toISOString();

export function atomFeed(feed: AtomFeedInput): string {
  const newest = feed.entries.reduce<Date | null>(
    (max, e) => (max === null || e.updated > max ? e.updated : max),
    null,
  );
  const updated = newest ?? feed.fallbackUpdated ?? new Date(0);
  const entries = feed.entries.map(
    (e) => `  <entry>
    <id>${escapeXml(e.id)}</id>
    <title type="text">${escapeXml(e.title)}</title>
    <updated>${date(e.updated)}</updated>
    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>
    <summary type="text">${escapeXml(e.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(feed.id)}</id>
  <title type="text">${escapeXml(feed.title)}</title>
  <updated>${date(updated)}</updated>
  <author><name>Lexwatch</name></author>
  <generator>Lexwatch</generator>
  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternateUrl)}"/>
${entries.join('\n')}
</feed>
`;
}
