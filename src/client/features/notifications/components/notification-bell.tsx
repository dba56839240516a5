import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '#shared/schemas/notifications';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { formatNumber } from '#client/lib/format-number';
import { lazyImport } from '#client/lib/lazy-import';
import { useDismissNotification } from '../api/dismiss-notification';
import { useInAppNotifications } from '../api/get-in-app-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { formatBadgeCount } from '../lib/group';

/** The panel and its date formatting load when the bell is first pointed at, focused or pressed. */
const NotificationPanel = lazyImport(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

/** The header's bell: unread count (capped at 99+) and the notification side panel. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useNotificationStream();
  const query = useInAppNotifications();
  const markRead = useMarkNotificationRead();
  const dismiss = useDismissNotification();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unreadCount ?? 0;

  const openNotification = (n: Notification) => {
    if (!n.read) {
      markRead.mutate(n.id, {
        onError: () => toast({ variant: 'destructive', title: t('notifications.markReadFailed') }),
      });
    }
    if (n.legislationId !== null) {
      setOpen(false);
      void navigate(`/legal-change/${n.legislationId}?tab=${n.tab}`);
    }
  };

  const dismissNotification = (n: Notification) => {
    dismiss.mutate(n.id, {
      onError: () => toast({ variant: 'destructive', title: t('notifications.dismissFailed') }),
    });
  };

  const markAllRead = () => {
    markAll.mutate(undefined, {
      onError: () => toast({ variant: 'destructive', title: t('notifications.markAllFailed') }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={t('notifications.bellLabel', { count: unread })}
          onPointerEnter={NotificationPanel.preload}
          onPointerDown={NotificationPanel.preload}
          onFocus={NotificationPanel.preload}
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-0.5 -end-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
            >
              {formatBadgeCount(unread, t('notifications.badgeCap'), (n) => formatNumber(n, i18n.language))}
            </span>
          )}
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel
            data={query.data}
            isLoading={query.isLoading}
            isError={query.isError}
            onOpen={openNotification}
            onDismiss={dismissNotification}
            onMarkAllRead={markAllRead}
            markingAll={markAll.isPending}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
