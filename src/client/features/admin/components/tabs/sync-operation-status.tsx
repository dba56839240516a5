import { Badge } from '#client/components/ui/badge';
import { useTranslation } from '#client/i18n';
import type { SyncOperation } from '#shared/schemas/sync';

const STATUS_VARIANT = {
  queued: 'secondary',
  completed: 'success',
  running: 'info',
  failed: 'destructive',
} as const;

/** An operation's state as the queue knows it: its badge, then who runs it or why it waits. */
export function SyncOperationBadge({ op }: { op: SyncOperation }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS_VARIANT[op.status]}>{t(`admin.sync.status.${op.status}`)}</Badge>;
}

export function SyncOperationProgress({ op }: { op: SyncOperation }) {
  const { t } = useTranslation();
  return (
    <>
      {op.worker && <p className="text-muted-foreground">{t('admin.sync.runBy', { worker: op.worker })}</p>}
      {op.status === 'queued' &&
        (op.waitingForWorker ? (
          <p role="alert" className="text-warning-strong">
            {t('admin.sync.waitingForWorker')}
          </p>
        ) : (
          <p role="status" className="text-muted-foreground">
            {t('admin.sync.queuedNote')}
          </p>
        ))}
      {op.status === 'running' && (
        <p role="status" className="text-primary">
          {t('admin.sync.progress', { count: op.totalRecordsProcessed })}
        </p>
      )}
    </>
  );
}
