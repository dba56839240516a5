import { useEffect, useState } from 'react';

/** Loads the messages of the banner and the sync toasts (the `dataState` area), once. */
export const loadDataStateArea = (): Promise<void> =>
  import('#client/i18n/areas').then((areas) => areas.loadArea('dataState'));

/** Whether the `dataState` messages are in; starts loading them when `wanted`. */
export function useDataStateArea(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    loadDataStateArea()
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}
