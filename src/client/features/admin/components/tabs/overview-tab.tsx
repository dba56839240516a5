import { useQuery } from '@tanstack/react-query';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { systemStatsQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { Figure, TabSection } from '../tab-section';
import { SyncSourcesSummary } from './sync-sources';

function Breakdown({ title, counts }: { title: string; counts: Record<string, number> }) {
  const format = useFormat();
  const entries = Object.entries(counts);
  return (
    <div className="rounded-lg border bg-card p-4">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">—</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {entries.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="truncate text-muted-foreground">{key}</dt>
              <dd className="text-end tabular-nums">{format.number(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

export default function OverviewTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = useQuery(systemStatsQuery());
  return (
    <TabSection title={t('admin.tabs.overview')} description={t('admin.overview.description')}>
      <QueryState query={stats}>
        {(s) => (
          <div className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Figure label={t('admin.stats.userCount')} value={format.number(s.userCount)} />
              <Figure label={t('admin.stats.newUsersToday')} value={format.number(s.newUsersToday)} />
              <Figure label={t('admin.stats.legislationCount')} value={format.number(s.legislationCount)} />
              <Figure
                label={t('admin.database.primaryLegislation')}
                value={format.number(s.primaryLegislation)}
              />
              <Figure
                label={t('admin.database.secondaryLegislation')}
                value={format.number(s.secondaryLegislation)}
              />
              <Figure
                label={t('admin.stats.notificationsSentToday')}
                value={format.number(s.notificationsSentToday)}
              />
            </dl>
            <p className="text-sm text-muted-foreground">
              {t('admin.overview.lastSync', {
                date: formatAdminDate(s.lastSync, format, {
                  missing: t('admin.common.never'),
                  invalid: t('admin.common.invalidDate'),
                }),
              })}{' '}
              · {t('admin.overview.uptime', { hours: format.number(Math.floor(s.uptime / 3600)) })} ·{' '}
              {t('admin.overview.suspended', { count: s.suspendedMembers })}
            </p>
            <SyncSourcesSummary />
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              <Breakdown title={t('admin.overview.membersByTier')} counts={s.membersByTier} />
              <Breakdown title={t('admin.overview.membersByStatus')} counts={s.membersByStatus} />
              <Breakdown title={t('admin.overview.itemsByCategory')} counts={s.itemsByCategory} />
              <Breakdown title={t('admin.overview.itemsBySource')} counts={s.itemsBySource} />
              <Breakdown title={t('admin.overview.syncsToday')} counts={s.syncsToday} />
              <Breakdown title={t('admin.overview.messagesToday')} counts={s.messagesToday} />
            </div>
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
