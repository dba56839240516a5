import type { LegislationFilter, SortField, SortOrder } from '../lib/list-state';

/** What a dashboard list asks for (the page, filters and order). */
export interface ListParams {
  page: number;
  jurisdictionId: number | null;
  legislationType: LegislationFilter;
  sortBy: SortField;
  sortOrder: SortOrder;
  startDate: string | null;
  endDate: string | null;
}

/** A query string from the set values only. */
export function toQuery(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const PAGE_SIZE = 50;
