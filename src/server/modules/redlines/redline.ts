/**
 * The redline of a provision between two versions: paragraphs matched by their numbers (so a
 * new "(2A)" is inserted whole and an omitted "(4)(d)" keeps its number and shows the words it
 * lost), words compared within each, and the annotations of every change, as written.
 */
import type { ClmlBlock, ClmlNote } from '#server/sources/legislation-gov-uk/provision-clml';
import type { BlockStatus, DiffBlock, DiffNote, DiffWord } from '#shared/schemas/redlines';
import { diffWords, sameWords } from './word-diff';

export interface VersionText {
  blocks: ClmlBlock[];
  notes: ClmlNote[];
  prospective: boolean;
}

export interface Redline {
  wordsChanged: boolean;
  inForceChanged: boolean;
  blocks: DiffBlock[];
  notes: DiffNote[];
}

/** An omitted paragraph keeps its number; its words become a row of dots. */
const OMITTED_TEXT = /^[.\u2026\s]+$/;
const wordsIn = (block: ClmlBlock | undefined): string | null =>
  block && block.text && !OMITTED_TEXT.test(block.text) ? block.text : null;

/** Blocks keyed by number (a repeated number gets its occurrence: '(1)#2'). */
function keyed(blocks: ClmlBlock[]): [string, ClmlBlock][] {
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    const n = (seen.get(block.number) ?? 0) + 1;
    seen.set(block.number, n);
    return [n === 1 ? block.number : `${block.number}#${n}`, block];
  });
}

/** The later version's order, with paragraphs only the earlier has placed after their predecessor. */
function mergedKeys(from: [string, ClmlBlock][], to: [string, ClmlBlock][]): string[] {
  const keys = to.map(([key]) => key);
  const present = new Set(keys);
  let anchor = -1;
  for (const [key] of from) {
    if (present.has(key)) anchor = keys.indexOf(key);
    else {
      keys.splice(anchor + 1, 0, key);
      present.add(key);
      anchor += 1;
    }
  }
  return keys;
}

function compare(before: ClmlBlock | undefined, after: ClmlBlock | undefined, number: string): DiffBlock {
  const b = wordsIn(before);
  const a = wordsIn(after);
  const raw = { before: before?.text ?? null, after: after?.text ?? null };
  const whole = (status: BlockStatus, words: DiffWord[]): DiffBlock => ({ number, status, ...raw, words });
  if (b === null && a === null) return whole('unchanged', []);
  if (a === null) return whole('omitted', [{ op: 'omitted', text: b! }]);
  if (b === null) return whole('inserted', [{ op: 'inserted', text: a }]);
  if (sameWords(b, a)) return whole('unchanged', [{ op: 'same', text: a }]);
  return whole('changed', diffWords(b, a));
}

export function redline(from: VersionText, to: VersionText): Redline {
  const before = keyed(from.blocks);
  const after = keyed(to.blocks);
  const beforeOf = new Map(before);
  const afterOf = new Map(after);
  const blocks: DiffBlock[] = [];
  const noteBlocks = new Map<string, string[]>();
  for (const key of mergedKeys(before, after)) {
    const b = beforeOf.get(key);
    const a = afterOf.get(key);
    const block = compare(b, a, (a ?? b)!.number);
    blocks.push(block);
    if (block.status === 'unchanged') continue;
    for (const ref of new Set([...(a?.refs ?? []), ...(b?.refs ?? [])])) {
      const list = noteBlocks.get(ref) ?? [];
      if (!list.includes(block.number)) list.push(block.number);
      noteBlocks.set(ref, list);
    }
  }
  const noteOf = new Map([...from.notes, ...to.notes].map((n) => [n.id, n]));
  const notes: DiffNote[] = [];
  for (const [ref, numbers] of noteBlocks) {
    const note = noteOf.get(ref);
    if (note) notes.push({ text: note.text, by: note.by, inForce: note.inForce, blocks: numbers });
  }
  return {
    wordsChanged: blocks.some((b) => b.status !== 'unchanged'),
    inForceChanged: from.prospective !== to.prospective,
    blocks,
    notes,
  };
}
