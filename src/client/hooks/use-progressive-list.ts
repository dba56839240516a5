import { startTransition, useEffect, useState } from 'react';

/**
 * The first `first` items at once and the rest in a transition: a long list's first render is
 * then a short task that paints what is on screen, and React renders the remainder in slices
 * that let the browser respond in between, instead of holding the main thread for the whole
 * list. Once the whole list has been shown, later lists are shown whole at once (a refetch after
 * a follow never shortens the list under the reader's scroll position).
 */
export function useProgressiveList<T>(items: T[], first: number): T[] {
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (!whole && items.length > first) startTransition(() => setWhole(true));
  }, [whole, items.length, first]);
  return whole || items.length <= first ? items : items.slice(0, first);
}
