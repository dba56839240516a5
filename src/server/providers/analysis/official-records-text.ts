/**
 * Wording helpers of the official-records overview, in the reader's language (the `analysis`
 * messages of `src/server/messages/locales`). The official data itself (titles, summaries) is
 * quoted as recorded, in English; the sources' words for stages, houses and types are the
 * interface's (`./wording`).
 */
import { formatMediumDate, hasMessage, t, type MessageLanguage } from '#server/messages/i18n';
import { splitListEntries } from '#shared/citation-text';
import { legislationTypeByCode, SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
import { sourceNameOf } from '#shared/source-names';
import { recordSource } from './sources';
import type { OfficialItem, OfficialRecord } from './types';

const TRAILING = /[\s.;:,]+$/;

/** The text without its trailing punctuation. */
export const bare = (text: string): string => text.trim().replace(TRAILING, '');

/** The text with its trailing punctuation replaced by `end` (recorded English text). */
export function sentence(text: string, end = '.'): string {
  return `${bare(text)}${end}`;
}

/** The text in the language's quotation marks, without its trailing punctuation. */
export function quoted(lang: MessageLanguage, text: string): string {
  return t(lang, 'analysis.quote', { text: bare(text) });
}

/** A calendar date ('YYYY-MM-DD') as the language's medium date: en 'Oct 8, 2026', ja '2026/10/08'. */
export const day = (lang: MessageLanguage, date: string | null): string =>
  date ? formatMediumDate(lang, date) : '';

/**
 * The message saying what the item is: '{title} is a UK Parliament bill.', '{title} is listed
 * under {type}.'; `typeName` words the type (by its code and English name) in the reader's language.
 */
export function kindMessage(
  item: Pick<OfficialItem, 'title' | 'legislationType' | 'isDraft'>,
  typeName: (code: string, name: string) => string = (_code, name) => name,
): {
  key: string;
  values: Record<string, string>;
} {
  const title = item.title;
  if (item.legislationType === 'uk_parliament_bill')
    return { key: item.isDraft ? 'kind.ukDraftBill' : 'kind.ukBill', values: { title } };
  if (item.legislationType === SCOTTISH_PARLIAMENT_BILL)
    return { key: 'kind.scottishBill', values: { title } };
  const type = legislationTypeByCode(item.legislationType)?.name;
  return type
    ? { key: 'kind.listedUnder', values: { title, type: typeName(item.legislationType, type) } }
    : { key: 'kind.unknown', values: { title } };
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Sentences of the official summary, unless it only repeats the title or long title. */
function descriptionSentences(item: Pick<OfficialItem, 'title' | 'longTitle' | 'description'>): string[] {
  const text = item.description?.trim();
  if (!text) return [];
  const same = normalise(text);
  if (same === normalise(item.title) || (item.longTitle && same === normalise(item.longTitle))) return [];
  // citations ("(c. 12)", "No. 3", "s. 67") keep their full stops
  return splitListEntries(text);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(TRAILING, '')}…`;
}

/** The first one or two sentences of the official summary (at most about 400 characters). */
export function summaryExcerpt(
  item: Pick<OfficialItem, 'title' | 'longTitle' | 'description'>,
): string | null {
  const sentences = descriptionSentences(item);
  if (!sentences.length) return null;
  let excerpt = sentences[0]!;
  if (sentences[1] && excerpt.length + sentences[1].length < 400) excerpt = `${excerpt} ${sentences[1]}`;
  return clip(excerpt, 400);
}

/** Up to `max` sentences of the official summary, each as a list entry. */
export function summarySentences(
  item: Pick<OfficialItem, 'title' | 'longTitle' | 'description'>,
  max: number,
): string[] {
  return descriptionSentences(item)
    .slice(0, max)
    .map((s) => clip(s, 300));
}

/** 'NotMoved' → 'not moved'; 'NoDecision' → 'no decision yet'; an unknown decision in words, as recorded. */
export function decisionLabel(lang: MessageLanguage, status: string): string {
  if (status === '') return t(lang, 'analysis.decisions.none');
  const key = `analysis.decisions.${status}`;
  if (hasMessage(key)) return t(lang, key);
  return status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** '3 agreed, 12 no decision yet' (largest first). */
export function amendmentStatusCounts(lang: MessageLanguage, byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([status, count]) =>
      t(lang, 'analysis.context.decisionCount', { count, decision: decisionLabel(lang, status) }),
    )
    .join(t(lang, 'analysis.commaSeparator'));
}

/**
 * The label shown with the overview, in the reader's language: it names the item's own source
 * (as the detail's `sourceName` does, in the reader's words where a message has them); with no
 * record, or a source of no known name, it names none.
 */
export const officialRecordsLabel = (lang: MessageLanguage, record?: OfficialRecord): string => {
  const source = record ? recordSource(record) : null;
  const name = source && sourceLabel(lang, source);
  return name ? t(lang, 'analysis.generatedFromOne', { source: name }) : t(lang, 'analysis.generatedFrom');
};

/** A source's name in the reader's language (a site's own name, 'EUR-Lex', is the same in every one). */
export function sourceLabel(lang: MessageLanguage, source: string): string | null {
  const key = `analysis.sourceNames.${source}`;
  return hasMessage(key) ? t(lang, key) : sourceNameOf(source);
}
