import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import type { AdminUserDetail } from '#shared/schemas/admin';
import { userQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { ConfirmDialog, type Pending } from './member-change-dialog';

/** One member's account, follows and search terms, with the administrator's actions on it. */
export function UserDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useQuery(userQuery(id));
  const [pending, setPending] = useState<Pending | null>(null);
  const dates = { missing: t('admin.common.never'), invalid: t('admin.common.invalidDate') };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {user.data ? `${user.data.firstName} ${user.data.lastName}` : t('admin.users.member')}
          </DialogTitle>
          <DialogDescription>{user.data?.email}</DialogDescription>
        </DialogHeader>
        <QueryState query={user}>
          {(u) => (
            <div className="grid gap-4 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">{t('admin.users.plan')}</dt>
                <dd>
                  {u.subscriptionTier} ({u.subscriptionStatus})
                </dd>
                <dt className="text-muted-foreground">{t('admin.users.trialEnds')}</dt>
                <dd>{formatAdminDate(u.trialEndsAt, format, dates, false)}</dd>
                <dt className="text-muted-foreground">{t('admin.users.verified')}</dt>
                <dd>
                  {t('admin.users.emailState', {
                    state: u.emailVerified ? t('admin.common.yes') : t('admin.common.no'),
                  })}{' '}
                  ·{' '}
                  {t('admin.users.phoneState', {
                    state: u.phoneVerified ? t('admin.common.yes') : t('admin.common.no'),
                  })}
                </dd>
                <dt className="text-muted-foreground">{t('admin.users.lastLogin')}</dt>
                <dd>{formatAdminDate(u.lastLoginAt, format, dates)}</dd>
                <dt className="text-muted-foreground">{t('admin.users.sessions')}</dt>
                <dd>{u.activeSessions}</dd>
                <dt className="text-muted-foreground">{t('admin.users.follows')}</dt>
                <dd>{u.follows.length ? u.follows.map((f) => f.title).join('; ') : '—'}</dd>
                <dt className="text-muted-foreground">{t('admin.users.terms')}</dt>
                <dd>{u.searchTerms.length ? u.searchTerms.map((s) => s.term).join(', ') : '—'}</dd>
              </dl>
              <div className="flex flex-wrap items-end gap-2 border-t pt-4">
                <label className="grid gap-1">
                  {t('admin.users.changePlan')}
                  <select
                    className="h-10 rounded-md border border-input bg-card px-3"
                    value={u.subscriptionTier}
                    onChange={(e) =>
                      setPending({
                        kind: 'tier',
                        tier: e.target.value as AdminUserDetail['subscriptionTier'],
                      })
                    }
                  >
                    <option value="trial">trial</option>
                    <option value="basic">basic</option>
                    <option value="premium">premium</option>
                  </select>
                </label>
                {u.suspended ? (
                  <Button variant="outline" onClick={() => setPending({ kind: 'restore' })}>
                    {t('admin.users.restore')}
                  </Button>
                ) : (
                  <Button variant="outline" onClick={() => setPending({ kind: 'suspend' })}>
                    {t('admin.users.suspend')}
                  </Button>
                )}
                <Button variant="destructive" onClick={() => setPending({ kind: 'delete' })}>
                  {t('admin.users.delete')}
                </Button>
              </div>
              {pending && (
                <ConfirmDialog
                  user={u}
                  pending={pending}
                  onDone={(closeDetail) => {
                    setPending(null);
                    if (closeDetail) onClose();
                  }}
                />
              )}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
