import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import type { AdminUserDetail } from '#shared/schemas/admin';
import { useDeleteUser, useUpdateUser } from '../../api/mutations';

/** A change to a member's account that waits for the administrator's confirmation. */
export type Pending =
  | { kind: 'tier'; tier: AdminUserDetail['subscriptionTier'] }
  | { kind: 'suspend' }
  | { kind: 'restore' }
  | { kind: 'delete' };

/** Asks the administrator to confirm a change of plan, a suspension, a restore or a deletion. */
export function ConfirmDialog({
  user,
  pending,
  onDone,
}: {
  user: AdminUserDetail;
  pending: Pending;
  onDone: (closeDetail: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const remove = useDeleteUser();
  const busy = update.isPending || remove.isPending;
  const fail = (error: unknown) =>
    toast({
      title: t('admin.users.actionFailed'),
      description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
      variant: 'destructive',
    });
  const confirm = () => {
    if (pending.kind === 'delete')
      return remove.mutate(user.id, {
        onSuccess: () => {
          toast({ title: t('admin.users.deleted') });
          onDone(true);
        },
        onError: fail,
      });
    const patch =
      pending.kind === 'tier'
        ? { subscriptionTier: pending.tier }
        : { suspended: pending.kind === 'suspend' };
    update.mutate(patch, {
      onSuccess: () => {
        toast({ title: t('admin.users.saved') });
        onDone(false);
      },
      onError: fail,
    });
  };
  const text =
    pending.kind === 'tier'
      ? t('admin.users.confirmTier', { email: user.email, tier: pending.tier })
      : t(`admin.users.confirm.${pending.kind}`, { email: user.email });
  return (
    <Dialog open onOpenChange={(open) => !open && onDone(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admin.users.confirmTitle')}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onDone(false)}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            variant={pending.kind === 'delete' || pending.kind === 'suspend' ? 'destructive' : 'default'}
            onClick={confirm}
            disabled={busy}
          >
            {t('admin.common.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
