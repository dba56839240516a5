/**
 * Words of two versions of a paragraph, aligned (jsdiff's array diff over words). Only the
 * words count: line breaks and runs of spaces are one space, and typographic quotes, dashes
 * and the like are folded before comparing, so ’ against ' is no change. What is shown is the
 * law as written: the words of the later version where both have them.
 */
import { diffArrays } from 'diff';
import type { DiffWord } from '#shared/schemas/redlines';

/** The characters the two versions may write differently for the same words. */
const FOLDS: [RegExp, string][] = [
  [/[\u2018\u2019\u201B\u2032]/g, "'"],
  [/[\u201C\u201D\u201F\u2033]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2002-\u200A\u202F]/g, ' '],
];

/** A word as compared: quotes and dashes folded, Unicode-normalised. */
export function foldWord(word: string): string {
  let folded = word.normalize('NFKC');
  for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement);
  return folded;
}

/**
 * The tokens of a text: each word (letters, digits, apostrophes, hyphens) or punctuation mark
 * with a space before it when the text has any, so the tokens joined give the text back with
 * its spacing collapsed.
 */
export function tokensOf(text: string | null): string[] {
  const tokens: string[] = [];
  for (const match of (text ?? '').trim().matchAll(TOKEN)) tokens.push(`${match[1] ? ' ' : ''}${match[2]}`);
  return tokens;
}
const TOKEN = /([\s\u00A0\u2002-\u200A\u202F]*)([\p{L}\p{N}'\u2019-]+|\S)/gu;

const sameToken = (a: string, b: string) => foldWord(a.trimStart()) === foldWord(b.trimStart());

/** Whether two texts have the same words (spacing and typography aside). */
export function sameWords(before: string | null, after: string | null): boolean {
  const a = tokensOf(before);
  const b = tokensOf(after);
  return a.length === b.length && a.every((token, i) => sameToken(token, b[i]!));
}

/**
 * A paragraph's words with those inserted and omitted marked, runs of one kind joined. Each
 * run keeps the space before it, so the runs joined read as the text.
 */
export function diffWords(before: string | null, after: string | null): DiffWord[] {
  const parts = diffArrays(tokensOf(before), tokensOf(after), { comparator: sameToken });
  const words: DiffWord[] = [];
  for (const part of parts) {
    const op = part.added ? 'inserted' : part.removed ? 'omitted' : 'same';
    const text = part.value.join('');
    const last = words.at(-1);
    if (last && last.op === op) last.text += text;
    else if (text) words.push({ op, text });
  }
  return words;
}

/** Text of the words of one kind, e.g. the first inserted run. */
export const runsOf = (words: DiffWord[], op: DiffWord['op']) =>
  words.filter((w) => w.op === op).map((w) => w.text.trim());
