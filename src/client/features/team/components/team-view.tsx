import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '#client/components/query-state';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { type Column, DataTable } from '#client/components/ui/data-table';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { useTeamItems } from '../api/team-items';
import { isOverdue, isTeamFilter, TEAM_FILTERS, teamItemsParams, todayIn } from '../lib/team-filters';
import type { CurrentOrg, TeamItem } from '../lib/types';
import { memberName } from './members-card';
import { OrgGate } from './org-gate';
import { StatusBadge } from './status-badge';

/** The dashboard's team view: the team watchlist with status, owner and due date, filtered. */
export function TeamView() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="team-view-title" className="grid gap-4">
      <h2 id="team-view-title" className="text-xl font-semibold">
        {t('team.view.title')}
      </h2>
      <OrgGate>{(org) => <TeamItems org={org} />}</OrgGate>
    </section>
  );
}

function TeamItems({ org }: { org: CurrentOrg }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter = isTeamFilter(raw) ? raw : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const today = todayIn(format.timeZone);
  const items = useTeamItems(org.id, teamItemsParams(filter, page, today));
  const go = (next: Record<string, string>) =>
    setParams((old) => {
      const merged = new URLSearchParams(old);
      for (const [key, value] of Object.entries(next)) merged.set(key, value);
      return merged;
    });

  const columns: Column<TeamItem>[] = [
    {
      key: 'item',
      header: t('team.view.item'),
      rowHeader: true,
      cell: (item) => (
        <Link to={`/legal-change/${item.legalChangeId}`} className="font-medium text-primary hover:underline">
          {item.title}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('team.fields.status'),
      cell: (item) => <StatusBadge status={item.assessment.status} />,
    },
    {
      key: 'owner',
      header: t('team.fields.ownerUserId'),
      cell: (item) => {
        const owner = org.members.find((m) => m.userId === item.assessment.ownerUserId);
        return owner ? <bdi>{memberName(owner)}</bdi> : t('team.assessment.unassigned');
      },
    },
    {
      key: 'due',
      header: t('team.fields.dueDate'),
      cell: (item) =>
        item.assessment.dueDate ? (
          <span className="flex flex-wrap items-center gap-1">
            <time dateTime={item.assessment.dueDate}>{format.date(item.assessment.dueDate)}</time>
            {isOverdue(item.assessment.dueDate, item.assessment.status, today) && (
              <Badge variant="destructive">{t('team.view.overdue')}</Badge>
            )}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('team.view.filters')} className="flex flex-wrap gap-2">
        {TEAM_FILTERS.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === filter ? 'default' : 'outline'}
            aria-pressed={value === filter}
            onClick={() => go({ filter: value, page: '1' })}
          >
            {t(`team.filters.${value}`)}
          </Button>
        ))}
      </div>
      <QueryState query={items} isEmpty={(data) => data.data.length === 0} empty={t('team.view.empty')}>
        {(data) => (
          <div className="grid gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {t('team.view.count', { count: data.total })}
            </p>
            <DataTable
              columns={columns}
              rows={data.data}
              rowKey={(item) => item.legalChangeId}
              caption={t('team.view.title')}
              label={t('team.view.title')}
              minWidth="min-w-[40rem]"
            />
            {(page > 1 || data.hasMore) && (
              <div className="flex justify-between gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => go({ page: String(page - 1) })}
                >
                  <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
                  {t('team.view.previous')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!data.hasMore}
                  onClick={() => go({ page: String(page + 1) })}
                >
                  {t('team.view.next')}
                  <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
