/**
 * The dashboard's Upgrade dialog, loaded when first opened: its content is not part of the
 * dashboard's first download (budget P3). Closed, it renders nothing.
 */
import { lazy, Suspense } from 'react';

const UpgradeDialog = lazy(() => import('./upgrade-dialog').then((m) => ({ default: m.UpgradeDialog })));

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
