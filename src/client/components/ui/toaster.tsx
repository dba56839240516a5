import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '#client/i18n';
import { useDirection } from '../direction-provider';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { TOAST_DURATION_MS, TOAST_HOTKEY_KEY, TOAST_SWIPE_THRESHOLD_PX, toastStore } from './toast-store';

/** F8 moves focus to the notification region (spec document 1 §9). */
export const TOAST_HOTKEY = [TOAST_HOTKEY_KEY];

/** Shows what `toast()` queues. Mounted on demand by `ToasterOnDemand`. */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation();
  // swiped away towards the edge they sit at: right, or left when the page reads right to left
  const swipeDirection = useDirection() === 'rtl' ? 'left' : 'right';
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);

  useEffect(() => {
    if (focusOnMount) document.querySelector<HTMLElement>('[data-slot="toast-viewport"]')?.focus();
  }, [focusOnMount]);

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection={swipeDirection}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.label')}
    >
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) toastStore.dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose className={variant === 'default' ? undefined : 'focus-visible:outline-white'} />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} label={t('toast.region')} />
    </ToastProvider>
  );
}
