import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import type { SyncOperation } from '#shared/schemas/sync';
import { adminKeys } from '#client/lib/query-keys';
import { syncCacheQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { Figure, TabSection } from '../tab-section';
import { SyncOperationBadge, SyncOperationProgress } from './sync-operation-status';
import { SyncSourceList } from './sync-sources';

type RecordKind = 'added' | 'updated' | 'failed';

function recordsOf(op: SyncOperation, kind: RecordKind) {
  const tracking = op.details.detailedTracking;
  if (!tracking) return null;
  return kind === 'added'
    ? tracking.addedRecords
    : kind === 'updated'
      ? tracking.updatedRecords
      : tracking.failedRecords;
}

function BillsDialog({ op, kind, onClose }: { op: SyncOperation; kind: RecordKind; onClose: () => void }) {
  const { t } = useTranslation();
  const records = recordsOf(op, kind);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(`admin.sync.dialogTitle.${kind}`)}</DialogTitle>
          <DialogDescription>{t('admin.sync.dialogDescription', { id: op.id })}</DialogDescription>
        </DialogHeader>
        {records === null ? (
          <p className="text-muted-foreground">{t('admin.sync.noTracking')}</p>
        ) : records.length === 0 ? (
          <p className="text-muted-foreground">{t(`admin.sync.noRecords.${kind}`)}</p>
        ) : (
          <ul tabIndex={0} className="grid max-h-80 gap-2 overflow-y-auto">
            {records.map((r, i) => (
              <li key={`${r.billId ?? r.title}-${i}`} className="rounded-md border p-2 text-sm">
                {r.dbId ? (
                  <Link
                    to={`/legal-change/${r.dbId}?tab=timeline`}
                    onClick={() => window.scrollTo(0, 0)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {r.title}
                  </Link>
                ) : (
                  <span className="font-medium">
                    {r.title} <span className="text-muted-foreground">{t('admin.sync.idMappingNeeded')}</span>
                  </span>
                )}
                {'errorMessage' in r && (
                  <p className="text-destructive-strong [overflow-wrap:anywhere]">{r.errorMessage}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Counter({ label, value, onOpen }: { label: string; value: number; onOpen?: () => void }) {
  return (
    <div className="grid">
      <dt className="text-xs break-words text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">
        {onOpen && value > 0 ? (
          <button
            type="button"
            onClick={onOpen}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {value}
          </button>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function RecordDetails({ op }: { op: SyncOperation }) {
  const { t } = useTranslation();
  const tracking = op.details.detailedTracking;
  const activity =
    op.totalRecordsProcessed -
      op.unchangedPrimaryRecords -
      op.unchangedSecondaryRecords -
      op.unchangedAmendmentRecords >
    0;
  if (!tracking)
    return activity ? <p className="text-xs text-muted-foreground">{t('admin.sync.notCaptured')}</p> : null;
  const groups = [
    ['added', tracking.addedRecords],
    ['updated', tracking.updatedRecords],
    ['failed', tracking.failedRecords],
  ] as const;
  return (
    <details className="rounded-md border p-2 text-sm">
      <summary className="cursor-pointer font-medium">{t('admin.sync.recordDetails')}</summary>
      <div className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-3">
        {groups.map(([kind, list]) => (
          <div key={kind} className="min-w-0">
            <h4 className="text-xs font-semibold">
              {t(`admin.sync.dialogTitle.${kind}`)} ({list.length})
            </h4>
            <ul tabIndex={0} className="max-h-40 overflow-y-auto text-xs">
              {list.map((r, i) => (
                <li key={i} className="truncate">
                  {r.title}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}

export default function LegislationSyncTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const cache = useQuery(syncCacheQuery());
  const [dialog, setDialog] = useState<{ op: SyncOperation; kind: RecordKind } | null>(null);
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.syncCache });
    toast({ title: t('admin.sync.refreshed') });
  };
  return (
    <TabSection
      title={t('admin.tabs.legislation-sync')}
      description={t('admin.sync.description')}
      action={
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={cache.isFetching}>
          <RefreshCw aria-hidden="true" />
          {t('admin.sync.refreshData')}
        </Button>
      }
    >
      <QueryState query={cache}>
        {(c) => (
          <div className="grid min-w-0 gap-4">
            <SyncSourceList sources={c.sources} runnable />
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label={t('admin.sync.queued')} value={c.summary.queued} />
              <Figure label={t('admin.sync.completed')} value={c.summary.completed} />
              <Figure label={t('admin.sync.running')} value={c.summary.running} />
              <Figure label={t('admin.sync.failed')} value={c.summary.failed} />
            </dl>
            {c.operations.length === 0 ? (
              <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">
                {t('admin.sync.empty')}
              </p>
            ) : (
              <ul className="grid gap-3" aria-label={t('admin.sync.recent')}>
                {c.operations.map((op) => (
                  <li
                    key={op.id}
                    className="grid gap-3 rounded-lg border bg-card p-4 text-sm"
                    data-sync-operation={op.id}
                  >
                    <div className="flex min-w-0 flex-wrap items-center gap-2">
                      <SyncOperationBadge op={op} />
                      <span className="font-medium">{op.syncType}</span>
                      <span className="text-muted-foreground">
                        {formatAdminDate(op.startedAt, format, dates)} →{' '}
                        {formatAdminDate(op.completedAt, format, dates)}
                      </span>
                    </div>
                    <SyncOperationProgress op={op} />
                    {op.errorMessage && (
                      <p className="text-destructive-strong [overflow-wrap:anywhere]">{op.errorMessage}</p>
                    )}
                    <div className="grid gap-3 sm:grid-cols-3">
                      {(
                        [
                          ['primary', 'Primary'],
                          ['secondary', 'Secondary'],
                          ['amendments', 'Amendment'],
                        ] as const
                      ).map(([group, field]) => (
                        <section key={group} className="rounded-md bg-muted p-2">
                          <h3 className="mb-1 text-xs font-semibold">{t(`admin.sync.group.${group}`)}</h3>
                          <dl className="grid grid-cols-2 gap-1 min-[480px]:grid-cols-4 sm:grid-cols-2 lg:grid-cols-4">
                            <Counter
                              label={t('admin.sync.added')}
                              value={op[`new${field}Records`]}
                              onOpen={
                                group === 'primary' ? () => setDialog({ op, kind: 'added' }) : undefined
                              }
                            />
                            <Counter
                              label={t('admin.sync.updated')}
                              value={op[`updated${field}Records`]}
                              onOpen={
                                group === 'primary' ? () => setDialog({ op, kind: 'updated' }) : undefined
                              }
                            />
                            <Counter
                              label={t('admin.sync.unchanged')}
                              value={op[`unchanged${field}Records`]}
                            />
                            <Counter
                              label={t('admin.sync.failedCount')}
                              value={op[`failed${field}Records`]}
                              onOpen={
                                group === 'primary' ? () => setDialog({ op, kind: 'failed' }) : undefined
                              }
                            />
                          </dl>
                        </section>
                      ))}
                    </div>
                    <p className="text-muted-foreground">
                      {t('admin.sync.total', { count: op.totalRecordsProcessed })}
                    </p>
                    <RecordDetails op={op} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryState>
      {dialog && <BillsDialog op={dialog.op} kind={dialog.kind} onClose={() => setDialog(null)} />}
    </TabSection>
  );
}
