import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Eye, RotateCcw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import type { AdminNotificationLog } from '#shared/schemas/admin';
import { useRetryMessage } from '../../api/mutations';
import { notificationLogsQuery, outboxMessageQuery, type NotificationFilters } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

const STATUS_VARIANT = {
  sent: 'success',
  kept: 'info',
  failed: 'destructive',
  queued: 'secondary',
  sending: 'secondary',
} as const;

/** One message in full while it is kept (the embedded mail catcher), otherwise its metadata. */
function OutboxMessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const message = useQuery(outboxMessageQuery(id));
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{message.data?.subject ?? t('admin.notifications.messageTitle', { id })}</DialogTitle>
          <DialogDescription>{t('admin.notifications.messageDescription')}</DialogDescription>
        </DialogHeader>
        <QueryState query={message}>
          {(m) => (
            <div className="grid gap-4 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">{t('admin.notifications.to')}</dt>
                <dd className="break-all" data-testid="outbox-recipient">
                  {m.recipient}
                </dd>
                <dt className="text-muted-foreground">{t('admin.notifications.status')}</dt>
                <dd>
                  <Badge variant={STATUS_VARIANT[m.status]}>{m.status}</Badge>
                </dd>
                <dt className="text-muted-foreground">{t('admin.notifications.queued')}</dt>
                <dd>{formatAdminDate(m.createdAt, format, dates)}</dd>
                {m.lastError && (
                  <>
                    <dt className="text-muted-foreground">{t('admin.notifications.lastError')}</dt>
                    <dd className="break-words">{m.lastError}</dd>
                  </>
                )}
              </dl>
              {m.bodyAvailable ? (
                <>
                  <section aria-labelledby="outbox-text-heading" className="grid gap-2">
                    <h3 id="outbox-text-heading" className="font-semibold">
                      {t('admin.notifications.text')}
                    </h3>
                    <pre
                      tabIndex={0}
                      className="max-h-64 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-words"
                      data-testid="outbox-text"
                    >
                      {m.text}
                    </pre>
                  </section>
                  {m.html && (
                    <section aria-labelledby="outbox-html-heading" className="grid gap-2">
                      <h3 id="outbox-html-heading" className="font-semibold">
                        {t('admin.notifications.html')}
                      </h3>
                      {/* sandboxed: no scripts, no forms, no navigation of this page */}
                      <iframe
                        title={t('admin.notifications.htmlFrame')}
                        sandbox=""
                        referrerPolicy="no-referrer"
                        srcDoc={m.html}
                        className="h-80 w-full rounded-md border bg-white"
                      />
                    </section>
                  )}
                </>
              ) : (
                <p className="rounded-md border border-dashed p-3 text-muted-foreground">
                  {t('admin.notifications.bodyHidden')}
                </p>
              )}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function LogRow({ log, onOpen }: { log: AdminNotificationLog; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const retry = useRetryMessage();
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
      data-outbox-id={log.id}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">
            {log.type === 'webhook' || log.type === 'push'
              ? t(`preferences.deliveries.${log.type}`)
              : t(`admin.notifications.${log.type}`)}
          </Badge>
          <Badge variant={STATUS_VARIANT[log.status]}>{log.status}</Badge>
          <span className="text-muted-foreground">{log.kind}</span>
        </div>
        <p className="font-medium break-words">{log.subject ?? t('admin.notifications.noSubject')}</p>
        <p className="text-muted-foreground">
          {log.recipient} · {formatAdminDate(log.sentAt ?? log.createdAt, format, dates)}
          {log.lastError ? ` · ${log.lastError}` : ''}
        </p>
      </div>
      <div className="flex gap-2">
        {log.status === 'failed' && (
          <Button
            variant="outline"
            size="sm"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(log.id, {
                onSuccess: () => toast({ title: t('admin.notifications.retried') }),
                onError: (error) =>
                  toast({
                    title: t('admin.notifications.retryFailed'),
                    description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <RotateCcw aria-hidden="true" />
            {t('admin.notifications.retry')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={onOpen}
          aria-label={t('admin.notifications.openLabel', { id: log.id })}
        >
          <Eye aria-hidden="true" />
          {t('admin.notifications.open')}
        </Button>
      </div>
    </li>
  );
}

const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm';

export default function NotificationsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<NotificationFilters>({});
  const [draft, setDraft] = useState({ kind: '', recipient: '' });
  const [open, setOpen] = useState<number | null>(null);
  const logs = useInfiniteQuery(notificationLogsQuery(filters));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({
      ...f,
      kind: draft.kind.trim() || undefined,
      recipient: draft.recipient.trim() || undefined,
    }));
  };

  return (
    <TabSection title={t('admin.tabs.notifications')} description={t('admin.notifications.description')}>
      <form
        onSubmit={search}
        className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label={t('admin.notifications.filters')}
      >
        <label className="grid gap-1 text-sm">
          {t('admin.notifications.channel')}
          <select
            className={selectClass}
            value={filters.channel ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, channel: e.target.value || undefined }))}
          >
            <option value="">{t('admin.notifications.any')}</option>
            <option value="email">{t('admin.notifications.email')}</option>
            <option value="sms">{t('admin.notifications.sms')}</option>
            <option value="webhook">{t('preferences.deliveries.webhook')}</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('admin.notifications.status')}
          <select
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value || undefined }))}
          >
            <option value="">{t('admin.notifications.any')}</option>
            {(['queued', 'sending', 'sent', 'kept', 'failed'] as const).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('admin.notifications.kind')}
          <Input
            value={draft.kind}
            onChange={(e) => setDraft((d) => ({ ...d, kind: e.target.value }))}
            placeholder="verification"
          />
        </label>
        <label className="grid gap-1 text-sm">
          {t('admin.notifications.recipient')}
          <Input
            type="search"
            value={draft.recipient}
            onChange={(e) => setDraft((d) => ({ ...d, recipient: e.target.value }))}
            placeholder={t('admin.notifications.recipientPlaceholder')}
          />
        </label>
        <Button type="submit" className="self-end">
          <Search aria-hidden="true" />
          {t('admin.notifications.search')}
        </Button>
      </form>
      <QueryState
        query={{ ...logs, data: logs.data ? logs.data.pages.flatMap((p) => p.logs) : undefined }}
        isEmpty={(list) => list.length === 0}
        empty={t('admin.notifications.empty')}
      >
        {(list) => (
          <div className="grid gap-3">
            <ul className="grid gap-2">
              {list.map((log) => (
                <LogRow key={log.id} log={log} onOpen={() => setOpen(log.id)} />
              ))}
            </ul>
            {logs.hasNextPage && (
              <Button
                variant="outline"
                className="justify-self-center"
                onClick={() => void logs.fetchNextPage()}
                disabled={logs.isFetchingNextPage}
              >
                {t('admin.common.loadMore')}
              </Button>
            )}
          </div>
        )}
      </QueryState>
      {open !== null && <OutboxMessageDialog id={open} onClose={() => setOpen(null)} />}
    </TabSection>
  );
}
