/**
 * What an alert about a new effect quotes: the first words the effect inserted and omitted in
 * the provision it names (the law as written, shortened to an excerpt), read from the versions
 * the day before it came into force and that day.
 */
import { AppError } from '#server/http/errors';
import { provisionPathOf, redlinePagePath, versionsAround } from '#shared/provisions';
import { redline } from './redline';
import { readPair, type RedlineDeps } from './redlines.service';
import { runsOf } from './word-diff';

/** longest excerpt quoted, in characters */
export const QUOTE_MAX_CHARS = 160;
/** effects quoted per page of new effects (each costs up to two paced reads) */
export const QUOTES_PER_PAGE = 5;

export interface EffectQuote {
  provision: string;
  from: string;
  to: string;
  inserted: string | null;
  omitted: string | null;
  /** the item page showing the redline */
  redlinePath: string;
}

/** The words cut at a word boundary, with an ellipsis where they were cut. */
export function excerpt(words: string, max = QUOTE_MAX_CHARS): string {
  if (words.length <= max) return words;
  const cut = words.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The paragraph an effect names within its provision: 's. 45(2)(ea)' → '(2)(ea)'; null for none. */
export function subParagraphOf(affected: string | null): string | null {
  const match = /^\S+\s*\d+[A-Z]*((?:\([0-9A-Za-z]+\))+)/.exec(affected?.trim() ?? '');
  return match?.[1] ?? null;
}

interface EffectFacts {
  effectId: string;
  affectedProvisions: string | null;
  inForceDate: string | null;
}

/** The quote of one effect; null when its provision or dates cannot be read or nothing changed. */
export async function quoteEffect(
  deps: RedlineDeps,
  item: { id: number; upstreamId: string },
  effect: EffectFacts,
): Promise<EffectQuote | null> {
  const provision = provisionPathOf(effect.affectedProvisions);
  if (!provision || !effect.inForceDate) return null;
  const { from, to } = versionsAround(effect.inForceDate);
  try {
    const { before, after } = await readPair(deps, item.upstreamId, provision, from, to);
    const within = subParagraphOf(effect.affectedProvisions);
    const all = redline(before.doc, after.doc).blocks;
    const own = all.filter((b) => within && b.number.startsWith(within));
    const blocks = own.length ? own : all;
    const first = (op: 'inserted' | 'omitted') => blocks.flatMap((b) => runsOf(b.words, op))[0] ?? null;
    const inserted = first('inserted');
    const omitted = first('omitted');
    if (!inserted && !omitted) return null;
    return {
      provision,
      from,
      to,
      inserted: inserted ? excerpt(inserted) : null,
      omitted: omitted ? excerpt(omitted) : null,
      redlinePath: redlinePagePath(item.id, provision, from, to),
    };
  } catch (error) {
    // a version legislation.gov.uk cannot give now: the alert goes without its quote
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Quotes of the first few of an item's new effects, by effect id. */
export async function quoteEffects(
  deps: RedlineDeps,
  item: { id: number; upstreamId: string },
  effects: EffectFacts[],
): Promise<Map<string, EffectQuote>> {
  const quotes = new Map<string, EffectQuote>();
  for (const effect of effects.slice(0, QUOTES_PER_PAGE)) {
    const quote = await quoteEffect(deps, item, effect);
    if (quote) quotes.set(effect.effectId, quote);
  }
  return quotes;
}
