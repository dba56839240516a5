import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { TOTAL_COUNT_CAP } from '#shared/constants';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select';
import { Skeleton } from '#client/components/ui/skeleton';
import { useProgressiveList } from '#client/hooks/use-progressive-list';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { useFollowed } from '../api/get-followed';
import { useJurisdictions } from '../api/get-jurisdictions';
import { useLegalChanges, useSecondaryTotal } from '../api/get-legal-changes';
import { useSearchTermMatches } from '../api/get-search-term-matches';
import { PAGE_SIZE } from '../api/keys';
import { useSearchLegalChanges } from '../api/search-legal-changes';
import { useSetItemAction } from '../api/set-item-action';
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
  shiftMonth,
  writeListChoices,
} from '../lib/list-state';
import { type DashboardItem, LegislationItem } from './legislation-item';
import { useFormat } from '#client/lib/format';

const ALL_COUNTRIES = 'all';

function ToggleGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-secondary p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium transition-colors',
            value === option.value
              ? 'bg-card text-foreground shadow-sm'
              : 'text-secondary-foreground hover:bg-card/60',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-4 py-2" aria-hidden="true" data-testid="list-skeleton">
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className="grid gap-2 border-b pb-4 last:border-b-0">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

/** 'Legislation in Progress': modes, filters, search, sort, the items and paging. */
export function LegislationList() {
  const { t } = useTranslation();
  const format = useFormat();
  const ids = {
    type: useId(),
    country: useId(),
    sort: useId(),
    search: useId(),
    heading: useId(),
    status: useId(),
  };
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
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const jurisdictions = useJurisdictions();
  const jurisdictionId = country === ALL_COUNTRIES ? null : Number(country);
  const byMonth = legislationType === 'secondary' && period === 'month';
  const bounds = byMonth ? monthBounds(month) : null;
  const searching = viewMode === 'all' && query !== '';

  const listParams = {
    page,
    jurisdictionId,
    legislationType,
    sortBy: sortField,
    sortOrder,
    startDate: bounds?.startDate ?? null,
    endDate: bounds?.endDate ?? null,
  };
  const all = useLegalChanges(listParams, viewMode === 'all' && !searching);
  const search = useSearchLegalChanges(query, { page, jurisdictionId, legislationType }, searching);
  const terms = useSearchTermMatches(
    { page, jurisdictionId, legislationType, sortBy: sortField, sortOrder },
    viewMode === 'search-terms',
  );
  const following = useFollowed(page, viewMode === 'following');
  const secondaryTotal = useSecondaryTotal(
    jurisdictionId,
    viewMode === 'all' && legislationType === 'secondary' && !searching,
  );
  const action = useSetItemAction();

  const active =
    viewMode === 'following' ? following : viewMode === 'search-terms' ? terms : searching ? search : all;
  const data = active.data;
  const items: DashboardItem[] = useMemo(() => (data?.data ?? []) as DashboardItem[], [data]);
  // the first items paint at once; the rest of the page of 50 follows in slices
  const shownItems = useProgressiveList(items, FIRST_ITEMS_SHOWN);
  const total = data?.total ?? 0;
  const capped = data && 'totalCapped' in data ? data.totalCapped : false;
  const resultCap = search.data?.resultCap ?? TOTAL_COUNT_CAP;
  const pageable = searching ? Math.min(total, resultCap) : total;
  const pages = Math.max(1, Math.ceil(pageable / PAGE_SIZE));
  const noSearchTerms = viewMode === 'search-terms' && terms.data?.activeTermCount === 0;

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

  const showFilters = viewMode !== 'following';
  const showSort = viewMode !== 'following' && !searching;
  const showPeriod = viewMode === 'all' && legislationType === 'secondary' && !searching;
  const errorText = searching ? t('dashboard.list.searchError') : t('dashboard.list.fetchError');
  const orderLabel =
    sortOrder === 'asc' ? t('dashboard.filters.ascending') : t('dashboard.filters.descending');

  return (
    <Card aria-labelledby={ids.heading} role="region">
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2" id={ids.heading}>
            {t('dashboard.listTitle')}
          </CardTitle>
          {data && (
            <p id={ids.status} className="text-sm text-muted-foreground" aria-live="polite">
              {capped
                ? t('dashboard.list.countCapped', { count: total })
                : t('dashboard.list.count', { count: total })}
            </p>
          )}
        </div>
        <ToggleGroup
          label={t('dashboard.modes.label')}
          value={viewMode}
          onChange={changeFilter(setViewMode)}
          options={[
            { value: 'all', label: t('dashboard.modes.all') },
            { value: 'following', label: t('dashboard.modes.following') },
            { value: 'search-terms', label: t('dashboard.modes.searchTerms') },
          ]}
        />
        {showFilters && (
          <div className="grid gap-3">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <div className="grid gap-1.5">
                <Label htmlFor={ids.type}>{t('dashboard.filters.type')}</Label>
                <Select
                  value={legislationType}
                  onValueChange={(v) => changeFilter(setLegislationType)(v as LegislationFilter)}
                >
                  <SelectTrigger id={ids.type}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="primary">{t('dashboard.filters.primary')}</SelectItem>
                    <SelectItem value="all">{t('dashboard.filters.all')}</SelectItem>
                    <SelectItem value="secondary">{t('dashboard.filters.secondary')}</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={ids.country}>{t('dashboard.filters.country')}</Label>
                <Select value={country} onValueChange={changeFilter(setCountry)}>
                  <SelectTrigger id={ids.country}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL_COUNTRIES}>{t('dashboard.filters.allCountries')}</SelectItem>
                    {(jurisdictions.data ?? []).map((j) => (
                      <SelectItem key={j.id} value={String(j.id)} disabled={!j.isActive}>
                        <span aria-hidden="true">{j.flag}</span>{' '}
                        {j.isActive ? j.name : t('dashboard.filters.countryUnavailable', { name: j.name })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {showSort && (
                <div className="grid gap-1.5">
                  <Label htmlFor={ids.sort}>{t('dashboard.filters.sortBy')}</Label>
                  <div className="flex gap-2">
                    <Select value={sortField} onValueChange={(v) => onSortField(v as SortField)}>
                      <SelectTrigger id={ids.sort}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value="title">{t('dashboard.filters.sortTitle')}</SelectItem>
                        <SelectItem value="date">{t('dashboard.filters.sortDate')}</SelectItem>
                      </SelectContent>
                    </Select>
                    <Button
                      variant="outline"
                      size="icon"
                      onClick={() => changeFilter(setSortOrder)(sortOrder === 'asc' ? 'desc' : 'asc')}
                      aria-label={t('dashboard.filters.toggleOrder', { order: orderLabel })}
                      title={orderLabel}
                      data-order={sortOrder}
                    >
                      {sortOrder === 'asc' ? (
                        <ArrowUpNarrowWide aria-hidden="true" />
                      ) : (
                        <ArrowDownWideNarrow aria-hidden="true" />
                      )}
                    </Button>
                  </div>
                </div>
              )}
            </div>
            {viewMode === 'all' && (
              <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
                <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
                  <Label htmlFor={ids.search}>{t('dashboard.filters.search')}</Label>
                  <Input
                    id={ids.search}
                    type="search"
                    value={searchInput}
                    onChange={(e) => setSearchInput(e.target.value)}
                    placeholder={t('dashboard.filters.searchPlaceholder')}
                    maxLength={200}
                  />
                </div>
                <Button type="submit">
                  <Search aria-hidden="true" />
                  {t('dashboard.filters.searchSubmit')}
                </Button>
                {query !== '' && (
                  <Button type="button" variant="ghost" onClick={clearSearch}>
                    <X aria-hidden="true" />
                    {t('dashboard.filters.clearSearch')}
                  </Button>
                )}
              </form>
            )}
            {showPeriod && (
              <div className="flex flex-wrap items-center gap-3">
                <ToggleGroup
                  label={t('dashboard.filters.period')}
                  value={period}
                  onChange={changeFilter(setPeriod)}
                  options={[
                    { value: 'month', label: t('dashboard.filters.byMonth') },
                    {
                      value: 'all',
                      label:
                        secondaryTotal.data !== undefined
                          ? t('dashboard.filters.showAll', { count: secondaryTotal.data })
                          : t('dashboard.filters.showAllNoCount'),
                    },
                  ]}
                />
                {period === 'month' && (
                  <div className="flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="icon-sm"
                      onClick={() => changeFilter(setMonth)(shiftMonth(month, -1))}
                      aria-label={t('dashboard.filters.previousMonth')}
                    >
                      <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
                    </Button>
                    <span
                      className="min-w-36 text-center text-sm font-medium"
                      aria-live="polite"
                      data-testid="current-month"
                    >
                      {format.month(`${month}-01`)}
                    </span>
                    <Button
                      variant="outline"
                      size="icon-sm"
                      onClick={() => changeFilter(setMonth)(shiftMonth(month, 1))}
                      disabled={month >= currentMonth}
                      aria-label={t('dashboard.filters.nextMonth')}
                    >
                      <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
                    </Button>
                  </div>
                )}
              </div>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent>
        {active.isPending ? (
          <>
            <p className="sr-only" role="status">
              {t('common.loading')}
            </p>
            <ListSkeleton />
          </>
        ) : active.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>{errorText}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void active.refetch()}>
                {t('dashboard.list.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : noSearchTerms ? (
          <EmptyState text={t('dashboard.empty.noSearchTerms')}>
            <Link to="/preferences" className="font-medium text-primary underline underline-offset-4">
              {t('dashboard.empty.addSearchTerms')}
            </Link>
          </EmptyState>
        ) : items.length === 0 ? (
          <EmptyState
            text={
              viewMode === 'following'
                ? t('dashboard.empty.following')
                : viewMode === 'search-terms'
                  ? t('dashboard.empty.searchTerms')
                  : searching
                    ? t('dashboard.empty.search', { query })
                    : t('dashboard.empty.all')
            }
          >
            {viewMode === 'following' && (
              <p className="text-sm text-muted-foreground">{t('dashboard.empty.followingHint')}</p>
            )}
            {viewMode === 'search-terms' && (
              <Link to="/preferences" className="font-medium text-primary underline underline-offset-4">
                {t('dashboard.empty.addSearchTerms')}
              </Link>
            )}
            {viewMode === 'all' && !searching && (
              <Link to="/subscription" className="font-medium text-primary underline underline-offset-4">
                {t('dashboard.empty.manageSubscriptions')}
              </Link>
            )}
            {(viewMode !== 'all' || searching || legislationType !== 'all' || country !== ALL_COUNTRIES) && (
              <Button variant="outline" size="sm" onClick={backToAll}>
                {t('dashboard.empty.backToAll')}
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label={t('dashboard.list.label')}
              aria-busy={active.isFetching}
              className={cn(active.isPlaceholderData && 'opacity-60')}
            >
              {shownItems.map((item) => (
                <LegislationItem
                  key={item.id}
                  item={item}
                  pending={action.isPending && action.variables?.id === item.id}
                  onAction={(id, next) => action.mutate({ id, action: next })}
                />
              ))}
            </ul>
            {pages > 1 && (
              <nav
                aria-label={t('dashboard.pagination.label')}
                className="mt-4 flex items-center justify-between gap-2 border-t pt-4"
              >
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
                  {t('dashboard.pagination.previous')}
                </Button>
                <span className="text-sm text-muted-foreground" aria-live="polite">
                  {t('dashboard.pagination.pageOf', { page, pages })}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('dashboard.pagination.next')}
                  <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** About a phone screen and a half of items: what the first paint needs. */
const FIRST_ITEMS_SHOWN = 8;

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="font-medium">{text}</p>
      {children}
    </div>
  );
}
