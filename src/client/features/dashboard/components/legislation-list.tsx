import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { TOTAL_COUNT_CAP } from '#shared/constants';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useProgressiveList } from '#client/hooks/use-progressive-list';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { useFollowed } from '../api/get-followed';
import { useJurisdictions } from '../api/get-jurisdictions';
import { useLegalChanges, useSecondaryTotal } from '../api/get-legal-changes';
import { useSearchTermMatches } from '../api/get-search-term-matches';
import { PAGE_SIZE } from '../api/list-query';
import { useSearchLegalChanges } from '../api/search-legal-changes';
import { useSetItemAction } from '../api/set-item-action';
import { type DashboardItem, LegislationItem } from './legislation-item';
import { ListFilters } from './list-filters';
import { EmptyState, ListSkeleton } from './list-states';
import { ToggleGroup } from './toggle-group';
import { ALL_COUNTRIES, useListControls } from './use-list-controls';

/** About a phone screen and a half of items: what the first paint needs. */
const FIRST_ITEMS_SHOWN = 8;

/** 'Legislation in Progress': modes, filters, search, sort, the items and paging. */
export function LegislationList() {
  const { t } = useTranslation();
  const ids = { heading: useId(), status: useId() };
  const controls = useListControls();
  const {
    viewMode,
    setViewMode,
    sortField,
    sortOrder,
    legislationType,
    country,
    query,
    page,
    setPage,
    changeFilter,
    jurisdictionId,
    bounds,
    searching,
    backToAll,
  } = controls;

  const jurisdictions = useJurisdictions();
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
  const errorText = searching ? t('dashboard.list.searchError') : t('dashboard.list.fetchError');

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
        {controls.showFilters && (
          <ListFilters
            controls={controls}
            jurisdictions={jurisdictions.data}
            secondaryTotal={secondaryTotal.data}
          />
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
