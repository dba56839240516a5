import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { useFormat } from '#client/lib/format';
import { useTranslation, type TranslationKey } from '#client/i18n';
import type { ComponentState, HealthComponent } from '#shared/schemas/admin';
import { systemHealthQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

const VARIANT: Record<ComponentState, 'success' | 'warning' | 'destructive' | 'secondary' | 'info'> = {
  healthy: 'success',
  degraded: 'warning',
  down: 'destructive',
  not_configured: 'secondary',
  test_mode: 'info',
};
const OWN_PARTS = ['database', 'jobs', 'outbox', 'email', 'sms', 'ai', 'payments', 'disk'] as const;
const isOwnPart = (name: string): name is (typeof OWN_PARTS)[number] =>
  (OWN_PARTS as readonly string[]).includes(name);

/** A component's name in the interface's language; an upstream source by its own name. */
function useComponentName() {
  const { t } = useTranslation();
  return (c: HealthComponent) => {
    if (isOwnPart(c.name)) return t(`admin.system.components.${c.name}` as TranslationKey);
    return t('admin.system.source', { name: c.label ?? c.name.replace(/^source:/, '') });
  };
}

/** Every dependency with its state (from a probe, or a plain label), its detail and when it was probed. */
export default function SystemTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const health = useQuery(systemHealthQuery());
  const nameOf = useComponentName();
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
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {t('admin.system.checkedAt', { date: formatAdminDate(h.checkedAt, format, dates) })}
            </p>
            <ul className="grid gap-3" aria-label={t('admin.system.listLabel')}>
              {h.components.map((c) => (
                <li
                  key={c.name}
                  data-component={c.name}
                  className="grid min-w-0 gap-1 rounded-lg border bg-card p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <h3 className="min-w-0 font-medium break-words">{nameOf(c)}</h3>
                    <Badge variant={VARIANT[c.state]}>{t(`admin.system.state.${c.state}`)}</Badge>
                  </div>
                  <p className="text-sm break-words text-muted-foreground">{c.detail}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.system.lastCheck', { date: formatAdminDate(c.checkedAt, format, dates) })}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
