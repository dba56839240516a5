/** Wording helpers of the official-records overview. */
import { legislationTypeByCode, SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
import type { OfficialItem } from './types';

const TRAILING = /[\s.;:,]+$/;

/** The text with its trailing punctuation replaced by `end`. */
export function sentence(text: string, end = '.'): string {
  return `${text.trim().replace(TRAILING, '')}${end}`;
}

/** “text” followed by `end`. */
export function quoted(text: string, end = '.'): string {
  return `“${text.trim().replace(TRAILING, '')}”${end}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What the item is, in one word or two: 'bill', 'Act', 'instrument', 'draft instrument'. */
export function itemNoun(item: Pick<OfficialItem, 'legislationType' | 'category' | 'isDraft'>): string {
  if (item.legislationType.endsWith('_bill')) return 'bill';
  if (item.category === 'primary') return 'Act';
  return item.isDraft ? 'draft instrument' : 'instrument';
}

/** '{title} is a UK Parliament bill.' or '{title} is listed under UK Statutory Instruments.' */
export function kindSentence(item: Pick<OfficialItem, 'title' | 'legislationType' | 'isDraft'>): string {
  if (item.legislationType === 'uk_parliament_bill')
    return `${item.title} is ${item.isDraft ? 'a draft' : 'a'} UK Parliament bill.`;
  if (item.legislationType === SCOTTISH_PARLIAMENT_BILL)
    return `${item.title} is a Scottish Parliament bill.`;
  const type = legislationTypeByCode(item.legislationType)?.name;
  return type ? `${item.title} is listed under ${type}.` : `${item.title} is a recorded item of legislation.`;
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
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^•\s*/, '').trim())
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9“"‘(])/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
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

/** 'NotMoved' → 'not moved'; 'NoDecision' → 'no decision yet'. */
export function decisionLabel(status: string): string {
  if (status === 'NoDecision') return 'no decision yet';
  if (status === '') return 'no recorded decision';
  return status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** '3 agreed, 12 no decision yet' (largest first). */
export function amendmentStatusCounts(byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([status, count]) => `${count} ${decisionLabel(status)}`)
    .join(', ');
}
