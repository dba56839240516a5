/**
 * How closely an article matches an item, from 0 to 1, by our own text matching of the
 * article's title and summary against the item's search terms.
 *
 *   phrase   = 1.0  the official term appears in the article title
 *              0.8  it appears in the summary, or an alternative term appears in the title
 *              0.6  an alternative term appears in the summary
 *              0    otherwise
 *   coverage = (key words found in the title + 0.5 × key words found only in the summary) / key words
 *              (key words: the distinct words of the official term and its base name, without
 *              common words, legislative words such as 'bill' or 'act', and years)
 *   context  = 1 when the article mentions legislation (bill, act, parliament, regulation, …), else 0
 *
 *   score = min(1, 0.55 × phrase + 0.35 × coverage + 0.10 × context), rounded to 2 decimals;
 *   an article from the item's own official news page scores at least 0.9.
 *
 * Matching ignores case, punctuation and a plural 's'.
 */
import type { NewsSearchTerms } from './search-terms';

export const MIN_RELEVANCE = 0.3;
export const OFFICIAL_MIN_RELEVANCE = 0.9;

const COMMON = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'no',
  'hl',
]);
const LEGISLATIVE = new Set([
  'bill',
  'act',
  'regulation',
  'order',
  'rule',
  'measure',
  'scheme',
  'direction',
  'amendment',
  'draft',
]);
const CONTEXT = new Set([
  'bill',
  'act',
  'legislation',
  'law',
  'parliament',
  'parliamentary',
  'regulation',
  'statutory',
  'consultation',
  'amendment',
  'commons',
  'lords',
]);

/** Lower-case words without punctuation, a trailing plural 's' removed. */
export function words(text: string | null | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

const phraseIn = (phrase: string[], text: string[]) =>
  phrase.length > 0 && ` ${text.join(' ')} `.includes(` ${phrase.join(' ')} `);

export function keyWords(terms: NewsSearchTerms): string[] {
  return [...new Set(words(terms.official))].filter(
    (w) => !COMMON.has(w) && !LEGISLATIVE.has(w) && !/^\d{4}$/.test(w),
  );
}

export function relevanceScore(
  terms: NewsSearchTerms,
  article: { title: string; summary: string | null; official?: boolean },
): number {
  const title = words(article.title);
  const summary = words(article.summary);
  const official = words(terms.official);
  const alternatives = terms.alternatives.map(words);

  let phrase = 0;
  if (phraseIn(official, title)) phrase = 1;
  else if (phraseIn(official, summary) || alternatives.some((alt) => phraseIn(alt, title))) phrase = 0.8;
  else if (alternatives.some((alt) => phraseIn(alt, summary))) phrase = 0.6;

  const keys = keyWords(terms);
  const inTitle = new Set(title);
  const inSummary = new Set(summary);
  const found = keys.reduce((sum, key) => sum + (inTitle.has(key) ? 1 : inSummary.has(key) ? 0.5 : 0), 0);
  const coverage = keys.length ? found / keys.length : 0;

  const context = [...title, ...summary].some((w) => CONTEXT.has(w)) ? 1 : 0;
  const score = Math.min(1, 0.55 * phrase + 0.35 * coverage + 0.1 * context);
  const rounded = Math.round(score * 100) / 100;
  return article.official ? Math.max(rounded, OFFICIAL_MIN_RELEVANCE) : rounded;
}
