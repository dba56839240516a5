/**
 * Toast queue, usable from anywhere (components, mutations, plain functions) through `toast()`.
 * One toast is visible at a time: a new toast replaces the one on screen.
 */
export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to the provider's 5000 ms. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Key that moves focus to the notification region. */
export const TOAST_HOTKEY_KEY = 'F8';
/** Time a closed toast stays mounted so that its exit animation can finish. */
export const TOAST_REMOVE_DELAY_MS = 300;

type Listener = (toasts: readonly ToastRecord[]) => void;

export function createToastStore(limit = TOAST_LIMIT) {
  let toasts: readonly ToastRecord[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function set(next: readonly ToastRecord[]): void {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  }

  function remove(id: string): void {
    const timer = removalTimers.get(id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(id);
    set(toasts.filter((t) => t.id !== id));
  }

  function dismiss(id?: string): void {
    const closing = toasts.filter((t) => (id === undefined || t.id === id) && t.open);
    if (closing.length === 0) return;
    set(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
    for (const t of closing) {
      if (removalTimers.has(t.id)) continue;
      removalTimers.set(
        t.id,
        setTimeout(() => remove(t.id), TOAST_REMOVE_DELAY_MS),
      );
    }
  }

  function update(id: string, options: ToastOptions): void {
    set(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
  }

  function show(options: ToastOptions) {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = `toast-${counter}`;
    const record: ToastRecord = { variant: 'default', ...options, id, open: true };
    const kept = [record, ...toasts].slice(0, limit);
    for (const dropped of toasts) if (!kept.includes(dropped)) removalTimers.delete(dropped.id);
    set(kept);
    return { id, dismiss: () => dismiss(id), update: (next: ToastOptions) => update(id, next) };
  }

  return {
    show,
    dismiss,
    remove,
    getSnapshot: (): readonly ToastRecord[] => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const toastStore = createToastStore();

/** Shows a toast: `toast({ title, description, variant })`. */
export function toast(options: ToastOptions) {
  return toastStore.show(options);
}

export function dismissToast(id?: string): void {
  toastStore.dismiss(id);
}
