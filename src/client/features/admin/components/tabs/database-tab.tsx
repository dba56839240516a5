import { useQuery } from '@tanstack/react-query';
import { DataTable } from '#client/components/ui/data-table';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { databaseQuery } from '../../api/queries';
import { formatAdminDate, formatBytes } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { Figure, TabSection } from '../tab-section';

export default function DatabaseTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = useQuery(databaseQuery());
  const dates = { missing: t('admin.common.never'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection title={t('admin.tabs.database')} description={t('admin.database.description')}>
      <QueryState query={stats}>
        {(d) => (
          <div className="grid gap-6">
            <p className="text-sm">
              {t(d.mode === 'embedded' ? 'admin.database.embedded' : 'admin.database.postgres', {
                version: d.version,
                size: formatBytes(d.sizeBytes, format),
              })}{' '}
              {t('admin.database.migrations', {
                count: d.migrationsApplied,
                date: formatAdminDate(d.lastMigrationAt, format, dates),
              })}
            </p>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Figure
                label={t('admin.database.primaryLegislation')}
                value={format.number(d.primaryLegislation)}
              />
              <Figure
                label={t('admin.database.secondaryLegislation')}
                value={format.number(d.secondaryLegislation)}
              />
              <Figure label={t('admin.database.amendments')} value={format.number(d.amendments)} />
              <Figure label={t('admin.database.newsArticles')} value={format.number(d.newsArticles)} />
              <Figure label={t('admin.database.notifications')} value={format.number(d.notifications)} />
              <Figure label={t('admin.database.userActions')} value={format.number(d.userActions)} />
            </dl>
            <DataTable
              caption={t('admin.database.tables')}
              minWidth="min-w-[32rem]"
              rows={d.tables}
              rowKey={(table) => table.name}
              columns={[
                {
                  key: 'name',
                  header: t('admin.database.table'),
                  rowHeader: true,
                  className: 'font-mono',
                  cell: (table) => table.name,
                },
                {
                  key: 'rows',
                  header: t('admin.database.rows'),
                  align: 'end',
                  className: 'tabular-nums',
                  cell: (table) => format.number(table.rows),
                },
                {
                  key: 'size',
                  header: t('admin.database.size'),
                  align: 'end',
                  className: 'tabular-nums',
                  cell: (table) => formatBytes(table.sizeBytes, format),
                },
                {
                  key: 'vacuum',
                  header: t('admin.database.lastVacuum'),
                  cell: (table) => formatAdminDate(table.lastVacuum, format, dates),
                },
              ]}
            />
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
