import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select';
import { Flag } from '#client/components/ui/flag';
import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import type { Jurisdiction } from '#shared/schemas/reference';
import type { LegislationFilter, SortField } from '../lib/list-state';
import { shiftMonth } from '../lib/list-state';
import { ToggleGroup } from './toggle-group';
import { ALL_COUNTRIES, type ListControls } from './use-list-controls';

/** The list's filters: type, country, sort, the search and, for secondary legislation, the month. */
export function ListFilters({
  controls: c,
  jurisdictions,
  secondaryTotal,
}: {
  controls: ListControls;
  jurisdictions: readonly Jurisdiction[] | undefined;
  secondaryTotal: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const vocabulary = useVocabulary();
  const ids = { type: useId(), country: useId(), sort: useId(), search: useId() };
  const orderLabel =
    c.sortOrder === 'asc' ? t('dashboard.filters.ascending') : t('dashboard.filters.descending');
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.type}>{t('dashboard.filters.type')}</Label>
          <Select
            value={c.legislationType}
            onValueChange={(v) => c.changeFilter(c.setLegislationType)(v as LegislationFilter)}
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
          <Select value={c.country} onValueChange={c.changeFilter(c.setCountry)}>
            <SelectTrigger id={ids.country}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_COUNTRIES}>{t('dashboard.filters.allCountries')}</SelectItem>
              {(jurisdictions ?? []).map((j) => (
                <SelectItem key={j.id} value={String(j.id)} disabled={!j.isActive}>
                  <Flag flag={j.flag} />{' '}
                  {j.isActive
                    ? vocabulary.jurisdiction(j.name)
                    : t('dashboard.filters.countryUnavailable', { name: vocabulary.jurisdiction(j.name) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {c.showSort && (
          <div className="grid gap-1.5">
            <Label htmlFor={ids.sort}>{t('dashboard.filters.sortBy')}</Label>
            <div className="flex gap-2">
              <Select value={c.sortField} onValueChange={(v) => c.onSortField(v as SortField)}>
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
                onClick={() => c.changeFilter(c.setSortOrder)(c.sortOrder === 'asc' ? 'desc' : 'asc')}
                aria-label={t('dashboard.filters.toggleOrder', { order: orderLabel })}
                title={orderLabel}
                data-order={c.sortOrder}
              >
                {c.sortOrder === 'asc' ? (
                  <ArrowUpNarrowWide aria-hidden="true" />
                ) : (
                  <ArrowDownWideNarrow aria-hidden="true" />
                )}
              </Button>
            </div>
          </div>
        )}
      </div>
      {c.viewMode === 'all' && (
        <form role="search" onSubmit={c.onSearch} className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
            <Label htmlFor={ids.search}>{t('dashboard.filters.search')}</Label>
            <Input
              id={ids.search}
              type="search"
              value={c.searchInput}
              onChange={(e) => c.setSearchInput(e.target.value)}
              placeholder={t('dashboard.filters.searchPlaceholder')}
              maxLength={200}
            />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('dashboard.filters.searchSubmit')}
          </Button>
          {c.query !== '' && (
            <Button type="button" variant="ghost" onClick={c.clearSearch}>
              <X aria-hidden="true" />
              {t('dashboard.filters.clearSearch')}
            </Button>
          )}
        </form>
      )}
      {c.showPeriod && (
        <div className="flex flex-wrap items-center gap-3">
          <ToggleGroup
            label={t('dashboard.filters.period')}
            value={c.period}
            onChange={c.changeFilter(c.setPeriod)}
            options={[
              { value: 'month', label: t('dashboard.filters.byMonth') },
              {
                value: 'all',
                label:
                  secondaryTotal !== undefined
                    ? t('dashboard.filters.showAll', { count: secondaryTotal })
                    : t('dashboard.filters.showAllNoCount'),
              },
            ]}
          />
          {c.period === 'month' && (
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="icon-sm"
                onClick={() => c.changeFilter(c.setMonth)(shiftMonth(c.month, -1))}
                aria-label={t('dashboard.filters.previousMonth')}
              >
                <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
              </Button>
              <span
                className="min-w-36 text-center text-sm font-medium"
                aria-live="polite"
                data-testid="current-month"
              >
                {format.month(`${c.month}-01`)}
              </span>
              <Button
                variant="outline"
                size="icon-sm"
                onClick={() => c.changeFilter(c.setMonth)(shiftMonth(c.month, 1))}
                disabled={c.month >= c.currentMonth}
                aria-label={t('dashboard.filters.nextMonth')}
              >
                <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
