import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, createToastStore } from './toast-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time; the newest replaces the one on screen', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second', variant: 'destructive' });
    const toasts = store.getSnapshot();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('defaults to the default variant', () => {
    const store = createToastStore();
    store.show({ title: 'Saved' });
    expect(store.getSnapshot()[0]?.variant).toBe('default');
  });

  it('closes, then removes after the exit animation', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const shown = store.show({ title: 'Bye' });
    shown.dismiss();
    expect(store.getSnapshot()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers', () => {
    const store = createToastStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(toasts.length));
    store.show({ title: 'A' });
    unsubscribe();
    store.show({ title: 'B' });
    expect(seen).toEqual([1]);
  });
});
