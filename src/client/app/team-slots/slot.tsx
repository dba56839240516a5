/**
 * The team's parts of other screens (the dashboard's switch and team view, a legal change's
 * assessment panel, the subscription's seats): each a chunk of its own, loaded with the team
 * area's messages, so the screens they sit in download nothing of the team until shown.
 */
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { lazyImport } from '#client/lib/lazy-import';

export const lazyTeamPart = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazyImport(() =>
    Promise.all([load(), import('#client/i18n/areas').then((areas) => areas.loadArea('team'))]).then(
      ([Component]) => ({ default: Component }),
    ),
  );

/** Nothing while the part loads (it appears when ready). */
export function Slot({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
