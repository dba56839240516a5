import { STORAGE_KEYS, readStorage, writeStorage } from '#client/lib/storage';

export const VIEW_MODES = ['all', 'following', 'search-terms'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export type SortField = 'title' | 'date';
export type SortOrder = 'asc' | 'desc';
export type LegislationFilter = 'all' | 'primary' | 'secondary';
export type PeriodMode = 'month' | 'all';

/** Title sorts A-Z first; dates newest first. */
export const defaultSortOrder = (field: SortField): SortOrder => (field === 'title' ? 'asc' : 'desc');

export interface StoredListChoices {
  viewMode: ViewMode;
  sortField: SortField;
  sortOrder: SortOrder;
}

/** The view mode, sort field and sort order kept in the browser, with defaults for anything unreadable. */
export function readListChoices(): StoredListChoices {
  const mode = readStorage(STORAGE_KEYS.dashboardViewMode);
  const field = readStorage(STORAGE_KEYS.dashboardSortField);
  const order = readStorage(STORAGE_KEYS.dashboardSortOrder);
  const viewMode: ViewMode = (VIEW_MODES as readonly string[]).includes(mode ?? '')
    ? (mode as ViewMode)
    : 'all';
  const sortField: SortField = field === 'title' || field === 'date' ? field : 'date';
  const sortOrder: SortOrder = order === 'asc' || order === 'desc' ? order : defaultSortOrder(sortField);
  return { viewMode, sortField, sortOrder };
}

export function writeListChoices(choices: StoredListChoices): void {
  writeStorage(STORAGE_KEYS.dashboardViewMode, choices.viewMode);
  writeStorage(STORAGE_KEYS.dashboardSortField, choices.sortField);
  writeStorage(STORAGE_KEYS.dashboardSortOrder, choices.sortOrder);
}

/** A calendar month as 'YYYY-MM'. */
export type MonthKey = string;

export function monthKeyOf(date: Date): MonthKey {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export function shiftMonth(key: MonthKey, by: number): MonthKey {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first and last day of a month, as YYYY-MM-DD. */
export function monthBounds(key: MonthKey): { startDate: string; endDate: string } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { startDate: `${key}-01`, endDate: `${key}-${String(lastDay).padStart(2, '0')}` };
}
