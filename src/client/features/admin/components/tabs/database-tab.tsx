import { useQuery } from '@tanstack/react-query';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { databaseQuery } from '../../api/queries';
import { formatAdminDate, formatBytes } from '../../lib/format';
import { Figure, QueryState, TabSection } from '../query-state';

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
            <div tabIndex={0} className="overflow-x-auto rounded-lg border bg-card">
              <table className="w-full min-w-[32rem] text-sm">
                <caption className="sr-only">{t('admin.database.tables')}</caption>
                <thead className="bg-muted text-start">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('admin.database.table')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end">
                      {t('admin.database.rows')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end">
                      {t('admin.database.size')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('admin.database.lastVacuum')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.tables.map((table) => (
                    <tr key={table.name} className="border-t">
                      <th scope="row" className="px-3 py-2 text-start font-mono font-normal">
                        {table.name}
                      </th>
                      <td className="px-3 py-2 text-end tabular-nums">{format.number(table.rows)}</td>
                      <td className="px-3 py-2 text-end tabular-nums">
                        {formatBytes(table.sizeBytes, format)}
                      </td>
                      <td className="px-3 py-2">{formatAdminDate(table.lastVacuum, format, dates)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
