import { useSyncExternalStore } from 'react';
import { dismissToast, toast, toastStore } from './toast-store';

/** The toasts on screen plus `toast()` and `dismiss()`, for components that want them as a hook. */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}

export { toast, dismissToast };
