import type {
  HighlightPart,
  LegalChangeSearchItem,
  SearchTermMatchItem,
} from '#shared/schemas/legal-changes';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, type SearchRow } from './legal-changes-search.queries';
import type { LegalChangeListRow } from './legal-changes.queries';
import { presentListItem, withFields } from './legal-changes.presenter';

/** Splits ts_headline output into plain-text runs, so the client never renders HTML from data. */
export function splitHighlights(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = headline;
  while (rest.length > 0) {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const stop = rest.indexOf(HIGHLIGHT_STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    const text = rest.slice(start + 1, end);
    if (text) parts.push({ text, match: true });
    rest = rest.slice(end + 1);
  }
  return parts;
}

export function presentSearchItem(row: SearchRow): LegalChangeSearchItem {
  return withFields(presentListItem(row), {
    rank: row.rank,
    highlights: {
      title: splitHighlights(row.titleHeadline),
      description: splitHighlights(row.descriptionHeadline),
    },
  });
}

export function presentTermMatch(row: LegalChangeListRow, matchedTerms: string[]): SearchTermMatchItem {
  return withFields(presentListItem(row), { matchedTerms });
}
