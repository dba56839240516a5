import { type FormEvent, useEffect, useState } from 'react';
import {
  type LegislationFilter,
  type MonthKey,
  type PeriodMode,
  type SortField,
  type SortOrder,
  type ViewMode,
  defaultSortOrder,
  monthBounds,
  monthKeyOf,
  readListChoices,
  writeListChoices,
} from '../lib/list-state';

export const ALL_COUNTRIES = 'all';

/**
 * What the member has chosen for the list: mode, filters, search, sort, month and page. Any
 * filter change goes back to page 1; the mode and sort are remembered for the next visit.
 */
export function useListControls() {
  const [stored] = useState(readListChoices);
  const [viewMode, setViewMode] = useState<ViewMode>(stored.viewMode);
  const [sortField, setSortField] = useState<SortField>(stored.sortField);
  const [sortOrder, setSortOrder] = useState<SortOrder>(stored.sortOrder);
  const [legislationType, setLegislationType] = useState<LegislationFilter>('all');
  const [country, setCountry] = useState<string>(ALL_COUNTRIES);
  const [period, setPeriod] = useState<PeriodMode>('month');
  const currentMonth = monthKeyOf(new Date());
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => writeListChoices({ viewMode, sortField, sortOrder }), [viewMode, sortField, sortOrder]);

  /** Any filter change goes back to page 1. */
  const changeFilter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const jurisdictionId = country === ALL_COUNTRIES ? null : Number(country);
  const byMonth = legislationType === 'secondary' && period === 'month';
  const bounds = byMonth ? monthBounds(month) : null;
  const searching = viewMode === 'all' && query !== '';

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(searchInput.trim());
    setPage(1);
  };
  const clearSearch = () => {
    setSearchInput('');
    setQuery('');
    setPage(1);
  };
  const onSortField = (field: SortField) => {
    setSortField(field);
    setSortOrder(defaultSortOrder(field));
    setPage(1);
  };
  const backToAll = () => {
    setViewMode('all');
    setLegislationType('all');
    setCountry(ALL_COUNTRIES);
    clearSearch();
  };

  return {
    viewMode,
    setViewMode,
    sortField,
    sortOrder,
    setSortOrder,
    legislationType,
    setLegislationType,
    country,
    setCountry,
    period,
    setPeriod,
    currentMonth,
    month,
    setMonth,
    searchInput,
    setSearchInput,
    query,
    page,
    setPage,
    changeFilter,
    jurisdictionId,
    bounds,
    searching,
    onSearch,
    clearSearch,
    onSortField,
    backToAll,
    showFilters: viewMode !== 'following',
    showSort: viewMode !== 'following' && !searching,
    showPeriod: viewMode === 'all' && legislationType === 'secondary' && !searching,
  };
}

export type ListControls = ReturnType<typeof useListControls>;
