/**
 * The filters of a list question (/api/legal-changes, search, term matches), written once as
 * conditions on an item's fields. The database reads them as SQL (`toSql`); a member's own
 * dismissed items, read with their session, are checked against the very same conditions in
 * memory (`matches`), so a member's answer composed from the shared one filters as the
 * database does.
 */
import type { SQL } from 'drizzle-orm';
import { filterSql, type FilterCondition } from './legal-changes.queries';

/** The filters as values. */
export interface ListFilterValues {
  jurisdictionId?: number | undefined;
  category?: 'primary' | 'secondary' | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** item legislation types the reader does not see (switched off globally or by the member) */
  hiddenTypes?: string[] | undefined;
}

/** The fields of an item the filters look at (a list row, or a dismissed item read with a session). */
export interface FilteredFields {
  jurisdictionId: number | null;
  category: string | null;
  itemDate: string | null;
  legislationType: string | null;
}

function conditionsOf(f: ListFilterValues): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  if (f.jurisdictionId) conditions.push({ field: 'jurisdictionId', op: 'eq', value: f.jurisdictionId });
  if (f.category) conditions.push({ field: 'category', op: 'eq', value: f.category });
  if (f.startDate) conditions.push({ field: 'itemDate', op: 'gte', value: f.startDate });
  if (f.endDate) conditions.push({ field: 'itemDate', op: 'lte', value: f.endDate });
  if (f.hiddenTypes?.length) {
    const values = f.hiddenTypes;
    conditions.push({ field: 'legislationType', op: 'notIn', values, set: new Set(values) });
  }
  return conditions;
}

function holds(c: FilterCondition, item: FilteredFields): boolean {
  const value = item[c.field];
  if (value === null) return false;
  switch (c.op) {
    case 'eq':
      return value === c.value;
    case 'gte':
      return (value as string) >= c.value;
    case 'lte':
      return (value as string) <= c.value;
    case 'notIn':
      return !c.set.has(value as string);
  }
}

export class ListFilter {
  readonly conditions: readonly FilterCondition[];
  /** the filters as a cache key (the shared totals' and shared pages') */
  readonly key: string;
  /** the filters as SQL, without extra conditions */
  readonly where: SQL | undefined;

  constructor(readonly values: ListFilterValues) {
    this.conditions = conditionsOf(values);
    this.key = JSON.stringify(values);
    this.where = filterSql(this.conditions);
  }

  /** The filters as SQL, with `extra` conditions (search, a member's exclusions) after them. */
  toSql(...extra: (SQL | undefined)[]): SQL | undefined {
    const more = extra.filter((c): c is SQL => c !== undefined);
    return more.length ? filterSql(this.conditions, more) : this.where;
  }

  /** Whether an item passes every filter, as the database would judge it. */
  matches(item: FilteredFields): boolean {
    for (const c of this.conditions) if (!holds(c, item)) return false;
    return true;
  }
}
