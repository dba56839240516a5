import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import type { AuditEntry } from '#shared/schemas/admin';
import { auditLogQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

/** The administrator's changes, newest first. */
export function AuditLog() {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useInfiniteQuery(auditLogQuery());
  // the built-in owner has no email; entries older than named administrators name no one
  const actorName = (actor: AuditEntry['actor']) =>
    actor.email ?? (actor.id === null ? t('admin.audit.unknown') : t('admin.audit.owner'));
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection title={t('admin.users.auditTitle')} description={t('admin.users.auditDescription')}>
      <QueryState
        query={{ ...log, data: log.data?.pages.flatMap((p) => p.entries) }}
        isEmpty={(e) => e.length === 0}
        empty={t('admin.users.auditEmpty')}
      >
        {(entries) => (
          <div className="grid gap-2">
            <ul
              tabIndex={0}
              className="grid max-h-96 gap-1 overflow-y-auto rounded-lg border bg-card p-2 text-sm"
            >
              {entries.map((e) => (
                <li key={e.id} className="flex min-w-0 flex-wrap gap-x-3 border-b p-2 last:border-0">
                  <span className="font-medium break-all">
                    {t('admin.audit.by', { who: actorName(e.actor) })}
                  </span>
                  <span className="font-mono">{e.action}</span>
                  <span className="text-muted-foreground">
                    {e.targetType}
                    {e.targetId ? ` #${e.targetId}` : ''}
                  </span>
                  <span className="text-muted-foreground">{formatAdminDate(e.createdAt, format, dates)}</span>
                  {e.ip && (
                    <span className="text-muted-foreground" title={e.userAgent ?? undefined}>
                      {t('admin.audit.from', { ip: e.ip })}
                    </span>
                  )}
                  {e.userAgent && (
                    <span className="min-w-0 basis-full truncate text-xs text-muted-foreground" dir="ltr">
                      {e.userAgent}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {log.hasNextPage && (
              <Button
                variant="outline"
                className="justify-self-center"
                onClick={() => void log.fetchNextPage()}
              >
                {t('admin.common.loadMore')}
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
