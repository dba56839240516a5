import { BellOff, CheckCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { InAppNotifications, Notification } from '#shared/schemas/notifications';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { GROUP_PAGE_SIZE, type NotificationGroup, groupByDay, relativeDay } from '../lib/group';
import { NotificationItem } from './notification-item';

function Group({
  group,
  onOpen,
  onDismiss,
}: {
  group: NotificationGroup;
  onOpen: (n: Notification) => void;
  onDismiss: (n: Notification) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [expanded, setExpanded] = useState(false);
  const relative = group.key === 'unknown' ? null : relativeDay(group.key, new Date(), format.timeZone);
  const heading = relative ? t(`notifications.groups.${relative}`) : format.day(group.date);
  // today: how long ago ('3 hours ago'); earlier days: the time, with the date when the heading has none
  const timeLabel = (iso: string) =>
    relative === 'today' ? format.relative(iso) : relative ? format.time(iso) : format.dateTime(iso);
  const visible = expanded ? group.items : group.items.slice(0, GROUP_PAGE_SIZE);
  const hidden = group.items.length - GROUP_PAGE_SIZE;
  const headingId = `notification-group-${group.key}`;
  const listId = `${headingId}-list`;

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {heading}
      </h3>
      <ul id={listId} className="grid gap-2">
        {visible.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            timeLabel={timeLabel(n.createdAt)}
            timeTitle={format.dateTime(n.createdAt)}
            onOpen={onOpen}
            onDismiss={onDismiss}
          />
        ))}
      </ul>
      {hidden > 0 && (
        <Button
          variant="link"
          size="sm"
          className="justify-self-start px-0"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('notifications.showFewer') : t('notifications.more', { count: hidden })}
        </Button>
      )}
    </section>
  );
}

export interface NotificationPanelProps {
  data: InAppNotifications | undefined;
  isLoading: boolean;
  isError: boolean;
  onOpen: (n: Notification) => void;
  onDismiss: (n: Notification) => void;
  onMarkAllRead: () => void;
  markingAll: boolean;
}

/** The sheet at the end of the line (the right; the left in Arabic): notifications grouped by day, five per group until expanded. */
export function NotificationPanel({
  data,
  isLoading,
  isError,
  onOpen,
  onDismiss,
  onMarkAllRead,
  markingAll,
}: NotificationPanelProps) {
  const { t } = useTranslation();
  const { timeZone } = useFormat();
  const groups = useMemo(() => groupByDay(data?.notifications ?? [], timeZone), [data, timeZone]);
  const unread = data?.unreadCount ?? 0;

  return (
    <DialogContent side="end" className="flex flex-col gap-0 p-0">
      <DialogHeader className="gap-1 border-b p-4 pe-14">
        <DialogTitle>{t('notifications.panelTitle')}</DialogTitle>
        <DialogDescription>{t('notifications.panelDescription')}</DialogDescription>
      </DialogHeader>
      <div className="flex items-center justify-end border-b px-4 py-2">
        <Button variant="ghost" size="sm" onClick={onMarkAllRead} disabled={unread === 0 || markingAll}>
          <CheckCheck aria-hidden="true" />
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <div className="grid flex-1 content-start gap-6 overflow-x-hidden overflow-y-auto p-4">
        {isLoading && !data ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : isError && !data ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{t('notifications.loadError')}</AlertDescription>
          </Alert>
        ) : groups.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-12 text-center">
            <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{t('notifications.empty')}</p>
            <p className="max-w-xs text-sm text-muted-foreground">{t('notifications.emptyDescription')}</p>
          </div>
        ) : (
          groups.map((group) => <Group key={group.key} group={group} onOpen={onOpen} onDismiss={onDismiss} />)
        )}
      </div>
    </DialogContent>
  );
}
