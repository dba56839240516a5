/**
 * The dashboard's dialogs, loaded when first opened: the dialog primitive and their contents are
 * not part of the dashboard's first download (budget P3). Closed, they render nothing.
 */
import { lazy, Suspense } from 'react';

const UpgradeDialog = lazy(() => import('./upgrade-dialog').then((m) => ({ default: m.UpgradeDialog })));
const FollowedDialog = lazy(() => import('./followed-dialog').then((m) => ({ default: m.FollowedDialog })));

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Upgrade modal (Premium and its minimum term). */
export function UpgradeDialogOnDemand({ open, onOpenChange }: DialogState) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog open onOpenChange={onOpenChange} />
    </Suspense>
  );
}

/** The Active Trackings dialog: the followed legislation. */
export function FollowedDialogOnDemand({ open, onOpenChange }: DialogState) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FollowedDialog open onOpenChange={onOpenChange} />
    </Suspense>
  );
}
