/**
 * Content hashes of snapshot rows, so a sync can tell added, changed and removed rows of a
 * whole-collection source without a change signal. A hash is the sha256 of canonical JSON
 * (keys sorted at every level, undefined dropped), so key order never changes it.
 */
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return canonicalJson(withJson.toJSON());
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

export function rowHash(row: unknown): string {
  return createHash('sha256').update(canonicalJson(row)).digest('hex');
}

/** key → hash for every row (a repeated key keeps its last row) */
export function snapshotHashes<T>(
  rows: readonly T[],
  keyOf: (row: T) => string | number,
): Map<string, string> {
  return new Map(rows.map((row) => [String(keyOf(row)), rowHash(row)]));
}

export interface SnapshotDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

export function diffSnapshots(
  previous: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
): SnapshotDiff {
  const diff: SnapshotDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const [key, hash] of next) {
    const before = previous.get(key);
    if (before === undefined) diff.added.push(key);
    else if (before !== hash) diff.changed.push(key);
    else diff.unchanged += 1;
  }
  for (const key of previous.keys()) if (!next.has(key)) diff.removed.push(key);
  return diff;
}
