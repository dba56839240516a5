import { useQuery } from '@tanstack/react-query';
import { Badge } from '#client/components/ui/badge';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { monitoringQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

export default function MonitoringTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const logs = useQuery(monitoringQuery());
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection title={t('admin.tabs.monitoring')} description={t('admin.monitoring.description')}>
      <QueryState query={logs} isEmpty={(l) => l.length === 0} empty={t('admin.monitoring.empty')}>
        {(list) => (
          <ul tabIndex={0} className="grid max-h-[40rem] gap-2 overflow-y-auto">
            {list.map((log) => (
              <li key={log.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all">{log.operation}</span>
                  <Badge variant="outline">{log.jurisdiction}</Badge>
                  <Badge
                    variant={
                      log.status === 'success'
                        ? 'success'
                        : log.status === 'failed'
                          ? 'destructive'
                          : 'secondary'
                    }
                  >
                    {log.status}
                  </Badge>
                </div>
                {log.details && <p className="break-words text-muted-foreground">{log.details}</p>}
                <p className="text-xs text-muted-foreground">
                  {formatAdminDate(log.startedAt, format, dates)} →{' '}
                  {formatAdminDate(log.completedAt, format, dates)} ·{' '}
                  {log.duration === null
                    ? t('admin.common.notSpecified')
                    : t('admin.monitoring.duration', { ms: format.number(log.duration) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </TabSection>
  );
}
