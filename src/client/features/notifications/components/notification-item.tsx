import { X } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { isNotificationType } from '#shared/notification-types';
import type { Notification } from '#shared/schemas/notifications';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { LONG_PRESS_MS, LONG_PRESS_VIBRATE_MS, SWIPE_DISMISS_PX, TAP_MOVE_PX } from '../lib/group';

interface Gesture {
  startX: number;
  startY: number;
  dx: number;
  /** the page reads right to left: dismissing swipes go right */
  rtl: boolean;
  moved: boolean;
  /** a long press already opened the item */
  handled: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface NotificationItemProps {
  notification: Notification;
  timeLabel: string;
  /** the full date and time, when the label is shorter ('3 hours ago') */
  timeTitle?: string;
  onOpen: (n: Notification) => void;
  onDismiss: (n: Notification) => void;
}

/** Moves focus to a neighbouring notification (or the panel) before this one leaves the list. */
function focusNeighbour(from: HTMLElement) {
  const panel = from.closest<HTMLElement>('[role="dialog"]');
  if (!panel) return;
  const all = [...panel.querySelectorAll<HTMLElement>('[data-notification-open]')];
  const index = all.indexOf(from);
  const next = all[index + 1] ?? all[index - 1];
  (next ?? panel).focus();
}

/**
 * One notification. Tap (under 10 px of movement), a 500 ms touch hold, a click, or Enter opens
 * it; a swipe or mouse drag of more than 50 px towards the start of the line (left; right
 * when the page reads right to left), Delete, or the dismiss button dismisses it.
 */
export function NotificationItem({
  notification: n,
  timeLabel,
  timeTitle,
  onOpen,
  onDismiss,
}: NotificationItemProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const suppressClick = useRef(false);
  const detachMouse = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      if (gesture.current?.timer) clearTimeout(gesture.current.timer);
      detachMouse.current?.();
    },
    [],
  );

  const fromDismissButton = (target: EventTarget) =>
    target instanceof Element && target.closest('[data-notification-dismiss]') !== null;

  const begin = (x: number, y: number, from: Element): Gesture => ({
    startX: x,
    startY: y,
    dx: 0,
    rtl: getComputedStyle(from).direction === 'rtl',
    moved: false,
    handled: false,
    timer: null,
  });

  const track = (g: Gesture, x: number, y: number) => {
    const dx = x - g.startX;
    const dy = y - g.startY;
    g.dx = dx;
    if (Math.hypot(dx, dy) >= TAP_MOVE_PX) {
      g.moved = true;
      if (g.timer) clearTimeout(g.timer);
      g.timer = null;
    }
    if (g.moved && Math.abs(dx) > Math.abs(dy)) setOffset(g.rtl ? Math.max(0, dx) : Math.min(0, dx));
  };

  /** A swipe towards the start of the line (left, or right in Arabic) far enough to dismiss. */
  const dismisses = (g: Gesture) => (g.rtl ? g.dx > SWIPE_DISMISS_PX : g.dx < -SWIPE_DISMISS_PX);

  // ── touch ────────────────────────────────────────────────────────────────
  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (!touch || e.touches.length > 1 || fromDismissButton(e.target)) return;
    const g = begin(touch.clientX, touch.clientY, e.currentTarget);
    g.timer = setTimeout(() => {
      g.timer = null;
      if (g.moved || gesture.current !== g) return;
      g.handled = true;
      navigator.vibrate?.(LONG_PRESS_VIBRATE_MS);
      onOpen(n);
    }, LONG_PRESS_MS);
    gesture.current = g;
  };

  const onTouchMove = (e: TouchEvent) => {
    const g = gesture.current;
    const touch = e.touches[0];
    if (g && touch) track(g, touch.clientX, touch.clientY);
  };

  const onTouchEnd = (e: TouchEvent) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    if (g.timer) clearTimeout(g.timer);
    const touch = e.changedTouches[0];
    if (touch) track(g, touch.clientX, touch.clientY);
    if (g.handled) {
      e.preventDefault();
    } else if (dismisses(g)) {
      e.preventDefault();
      onDismiss(n);
    } else if (!g.moved) {
      // a tap: open here, and keep the browser from sending its own click afterwards
      e.preventDefault();
      onOpen(n);
    } else {
      setOffset(0);
    }
  };

  const onTouchCancel = () => {
    if (gesture.current?.timer) clearTimeout(gesture.current.timer);
    gesture.current = null;
    setOffset(0);
  };

  // ── mouse ────────────────────────────────────────────────────────────────
  const onMouseDown = (e: ReactMouseEvent) => {
    suppressClick.current = false;
    if (e.button !== 0 || fromDismissButton(e.target)) return;
    const g = begin(e.clientX, e.clientY, e.currentTarget);
    gesture.current = g;
    const move = (ev: MouseEvent) => track(g, ev.clientX, ev.clientY);
    const up = (ev: MouseEvent) => {
      detach();
      track(g, ev.clientX, ev.clientY);
      if (gesture.current === g) gesture.current = null;
      if (dismisses(g)) {
        suppressClick.current = true;
        onDismiss(n);
      } else if (g.moved) {
        suppressClick.current = true;
        setOffset(0);
      }
    };
    const detach = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      detachMouse.current = null;
    };
    detachMouse.current?.();
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
    detachMouse.current = detach;
  };

  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpen(n);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      focusNeighbour(e.currentTarget);
      onDismiss(n);
    }
  };

  const dismissByButton = (e: ReactMouseEvent<HTMLButtonElement>) => {
    const open = e.currentTarget.parentElement?.querySelector<HTMLElement>('[data-notification-open]');
    if (open && e.detail === 0) focusNeighbour(open);
    onDismiss(n);
  };

  const typeLabel = t(`notifications.types.${isNotificationType(n.type) ? n.type : 'other'}`);

  return (
    <li className="overflow-hidden rounded-lg">
      <div
        data-notification-id={n.id}
        data-read={n.read ? 'true' : 'false'}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchCancel}
        onMouseDown={onMouseDown}
        style={
          offset !== 0
            ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.4, 1 - Math.abs(offset) / 200) }
            : undefined
        }
        className={cn(
          'flex touch-pan-y items-start gap-1 rounded-lg border select-none',
          offset === 0 && 'transition-transform',
          n.read ? 'bg-card' : 'border-primary/30 bg-accent',
        )}
      >
        <button
          type="button"
          data-notification-open=""
          onClick={onClick}
          onKeyDown={onKeyDown}
          className="grid min-w-0 flex-1 gap-1 rounded-lg p-3 text-start focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <span className="flex items-start gap-2">
            {!n.read && (
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
            )}
            <span
              className={cn(
                'min-w-0 text-sm leading-snug break-words',
                n.read ? 'font-medium' : 'font-semibold',
              )}
            >
              {!n.read && <span className="sr-only">{t('notifications.unread')}: </span>}
              <bdi>{n.title}</bdi>
            </span>
          </span>
          <span className="line-clamp-2 text-sm break-words text-muted-foreground">
            <bdi>{n.message}</bdi>
          </span>
          <span className="text-xs text-muted-foreground">
            {typeLabel} ·{' '}
            <time dateTime={n.createdAt} title={timeTitle}>
              {timeLabel}
            </time>
          </span>
        </button>
        <button
          type="button"
          data-notification-dismiss=""
          onClick={dismissByButton}
          aria-label={t('notifications.dismiss', { title: n.title })}
          className="m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
