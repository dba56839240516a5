/**
 * The public API's cursors: opaque to clients, a base64url JSON position inside. Lists read
 * through the dashboard's services carry the next page number; notifications carry the last
 * item's id (a keyset). A cursor that does not decode answers 400.
 */
import { badRequest } from '#server/http/errors';

const MAX_PAGE = 100_000;

const invalidCursor = () =>
  badRequest(
    'The cursor is not one this API gave out. Leave it out to start from the first page.',
    undefined,
    'invalid_cursor',
  );

export const encodeCursor = (value: object): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw invalidCursor();
}

/** The page a cursor points at (1 without one). */
export function pageOf(cursor: string | undefined): number {
  if (cursor === undefined) return 1;
  const { p } = decode(cursor);
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 2 || p > MAX_PAGE) throw invalidCursor();
  return p;
}

export const nextPageCursor = (page: number, hasMore: boolean): string | null =>
  hasMore && page < MAX_PAGE ? encodeCursor({ p: page + 1 }) : null;

/** The id a keyset cursor continues below (null without one). */
export function beforeIdOf(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const { b } = decode(cursor);
  if (typeof b !== 'number' || !Number.isInteger(b) || b < 1) throw invalidCursor();
  return b;
}

export const beforeIdCursor = (id: number): string => encodeCursor({ b: id });
