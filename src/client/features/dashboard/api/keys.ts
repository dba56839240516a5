import type { LegislationFilter, SortField, SortOrder } from '../lib/list-state';

/** Query keys of the dashboard; every key starts with 'dashboard'. */
export interface ListParams {
  page: number;
  jurisdictionId: number | null;
  legislationType: LegislationFilter;
  sortBy: SortField;
  sortOrder: SortOrder;
  startDate: string | null;
  endDate: string | null;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  lists: () => ['dashboard', 'list'] as const,
  list: (params: ListParams) => ['dashboard', 'list', 'all', params] as const,
  search: (q: string, params: Pick<ListParams, 'page' | 'jurisdictionId' | 'legislationType'>) =>
    ['dashboard', 'list', 'search', q, params] as const,
  searchTerms: (params: Omit<ListParams, 'startDate' | 'endDate'>) =>
    ['dashboard', 'list', 'search-terms', params] as const,
  followed: (page: number) => ['dashboard', 'list', 'followed', page] as const,
  secondaryTotal: (jurisdictionId: number | null) =>
    ['dashboard', 'secondary-total', jurisdictionId] as const,
  stats: () => ['dashboard', 'stats'] as const,
  deadlines: () => ['dashboard', 'upcoming-deadlines'] as const,
  jurisdictions: () => ['dashboard', 'jurisdictions'] as const,
  subscriptions: () => ['dashboard', 'user-subscriptions'] as const,
};

/** A query string from the set values only. */
export function toQuery(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const PAGE_SIZE = 50;
