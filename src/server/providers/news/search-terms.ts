/**
 * Search terms of an item: the official one (its short title) and a few derived phrasings,
 * kept in news_search_terms and used to search and to score relevance.
 */
import type { NewsSubject } from './types';

export interface NewsSearchTerms {
  official: string;
  alternatives: string[];
}

const MAX_ALTERNATIVES = 4;

/** 'Renters’ Rights Bill [HL]' → 'Renters’ Rights'; 'Data Protection Act 2018' → 'Data Protection'. */
export function baseName(title: string): string {
  return title
    .replace(/\s*\[HL\]\s*$/i, '')
    .replace(/\s+(Bill|Act|Regulations|Order|Rules|Measure|Scheme|Directions)(\s+\d{4})?(\s*\(.*\))?$/i, '')
    .trim();
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function deriveSearchTerms(
  item: Pick<NewsSubject, 'title' | 'shortName' | 'legislationType'>,
): NewsSearchTerms {
  const official = collapse(item.shortName?.trim() || item.title);
  const base = baseName(official);
  const withoutBrackets = collapse(official.replace(/\s*\[HL\]\s*/gi, ' ').replace(/[()]/g, ''));
  const candidates = [
    collapse(item.title),
    withoutBrackets,
    base,
    item.legislationType.endsWith('_bill') && base ? `${base} Act` : '',
    base ? `${base} legislation` : '',
  ];
  const seen = new Set([official.toLowerCase()]);
  const alternatives: string[] = [];
  for (const candidate of candidates) {
    const key = candidate.toLowerCase();
    if (candidate.length < 4 || seen.has(key)) continue;
    seen.add(key);
    alternatives.push(candidate);
    if (alternatives.length >= MAX_ALTERNATIVES) break;
  }
  return { official, alternatives };
}
