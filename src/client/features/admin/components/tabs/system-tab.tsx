import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { systemHealthQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

const VARIANT = { healthy: 'success', warning: 'warning', error: 'destructive' } as const;

export default function SystemTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const health = useQuery(systemHealthQuery());
  const dates = { missing: t('admin.common.never'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection
      title={t('admin.tabs.system')}
      description={t('admin.system.description')}
      action={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden="true" />
          {t('admin.common.refresh')}
        </Button>
      }
    >
      <QueryState query={health}>
        {(h) => (
          <ul className="grid gap-3">
            {h.services.map((s) => (
              <li
                key={s.name}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-4"
              >
                <div className="min-w-0">
                  <h3 className="font-medium">{s.name}</h3>
                  <p className="text-sm break-words text-muted-foreground">{s.description}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.system.lastCheck', {
                      date: formatAdminDate(s.lastCheck, format, dates),
                    })}
                  </p>
                </div>
                <Badge variant={VARIANT[s.status]} className="shrink-0">
                  {t(`admin.health.status.${s.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </TabSection>
  );
}
