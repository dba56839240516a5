/**
 * Sentence splitting that respects legal citations: a full stop inside "(c. 12)", "s. 67",
 * "reg. 3", "No. 3", "art. 2(1)", "Sch. 1", "para. 4" and the like ends no sentence. Used
 * wherever recorded text (official summaries, key provisions) is cut into sentences or list
 * entries.
 */

/** Abbreviations that a number or a reference follows; a full stop after one never ends a sentence. */
const ABBREVIATIONS = [
  'c',
  'cc',
  's',
  'ss',
  'reg',
  'regs',
  'r',
  'rr',
  'no',
  'nos',
  'art',
  'arts',
  'sch',
  'schs',
  'para',
  'paras',
  'pt',
  'ch',
  'cl',
  'sub-s',
  'subs',
  'sec',
  'vol',
  'p',
  'pp',
  'e.g',
  'i.e',
  'etc',
  'viz',
  'cf',
  'st',
  'mr',
  'mrs',
  'ms',
  'dr',
  'rt',
  'hon',
  'sr',
];
const ABBREVIATION_SET = new Set(ABBREVIATIONS);

/** The word just before the full stop at `dot` (letters, dots and hyphens), lower-cased. */
function wordBefore(text: string, dot: number): string {
  let start = dot;
  while (start > 0 && /[A-Za-z.-]/.test(text[start - 1]!)) start -= 1;
  return text
    .slice(start, dot)
    .replace(/^[.-]+/, '')
    .toLowerCase();
}

/** Whether the full stop (or ! ?) at `at` ends a sentence, given the text after it starts a new one. */
function endsSentence(text: string, at: number): boolean {
  if (text[at] !== '.') return true;
  const word = wordBefore(text, at);
  if (ABBREVIATION_SET.has(word)) return false;
  // a single capital initial ("J. Smith") or an inside-bracket stop that the bracket continues
  if (/^[a-z]$/.test(word) && /[A-Z]/.test(text[at - 1]!)) return false;
  // a full stop inside an open bracket ("(c. 12)") ends nothing until the bracket closes
  const before = text.slice(0, at);
  const open = (before.match(/\(/g) ?? []).length - (before.match(/\)/g) ?? []).length;
  return open <= 0;
}

const BOUNDARY = /([.!?])(["”’)\]]*)\s+(?=["“‘(]?[A-Z0-9])/g;

/** The sentences of `text`, each trimmed; citations keep their full stops. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const at = match.index;
    if (!endsSentence(text, at)) continue;
    const end = at + match[1]!.length + match[2]!.length;
    out.push(text.slice(start, end).trim());
    start = end;
  }
  out.push(text.slice(start).trim());
  return out.filter((s) => s.length > 0);
}

/** Lines of `text` (bullets removed), each split into sentences: the list entries of a summary. */
export function splitListEntries(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*[•\-*]\s*/, '').trim())
    .flatMap((line) => splitSentences(line));
}
