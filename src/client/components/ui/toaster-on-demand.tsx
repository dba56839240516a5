import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { TOAST_HOTKEY_KEY, toastStore } from './toast-store';

const importToaster = () => import('./toaster');
let pending: ReturnType<typeof importToaster> | null = null;

/** Loads the toast region's code (once; a failed load is tried again next time). */
export function loadToaster(): ReturnType<typeof importToaster> {
  pending ??= importToaster().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

const hasToasts = () => toastStore.getSnapshot().length > 0;

/**
 * Mount once, near the root. The toast region's code loads with the first toast, or the first
 * press of F8 (which then moves focus to the region), so pages that never show one don't pay for it.
 */
export function ToasterOnDemand() {
  const anyToast = useSyncExternalStore(toastStore.subscribe, hasToasts, () => false);
  const [hotkeyPressed, setHotkeyPressed] = useState(false);

  useEffect(() => {
    if (hotkeyPressed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY_KEY) setHotkeyPressed(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hotkeyPressed]);

  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (anyToast || hotkeyPressed) setNeeded(true);
  }, [anyToast, hotkeyPressed]);

  if (!needed && !anyToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={hotkeyPressed && !anyToast} />
    </Suspense>
  );
}
