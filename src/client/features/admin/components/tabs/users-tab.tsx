import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import type { AdminUserDetail } from '#shared/schemas/admin';
import { useDeleteUser, useUpdateUser } from '../../api/mutations';
import { auditLogQuery, userQuery, usersQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState, TabSection } from '../query-state';

type Pending =
  | { kind: 'tier'; tier: AdminUserDetail['subscriptionTier'] }
  | { kind: 'suspend' }
  | { kind: 'restore' }
  | { kind: 'delete' };

function ConfirmDialog({
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

function UserDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
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

function AuditLog() {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useInfiniteQuery(auditLogQuery());
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection title={t('admin.users.auditTitle')} description={t('admin.users.auditDescription')}>
      <QueryState
        query={{ ...log, data: log.data?.pages.flatMap((p) => p.entries) }}
        isEmpty={(e) => e.length === 0}
        empty={t('admin.users.auditEmpty')}
      >
        {(entries) => (
          <div className="grid gap-2">
            <ul
              tabIndex={0}
              className="grid max-h-96 gap-1 overflow-y-auto rounded-lg border bg-card p-2 text-sm"
            >
              {entries.map((e) => (
                <li key={e.id} className="flex flex-wrap gap-x-3 border-b p-2 last:border-0">
                  <span className="font-mono">{e.action}</span>
                  <span className="text-muted-foreground">
                    {e.targetType}
                    {e.targetId ? ` #${e.targetId}` : ''}
                  </span>
                  <span className="text-muted-foreground">{formatAdminDate(e.createdAt, format, dates)}</span>
                  <span className="text-muted-foreground">{e.ip ?? ''}</span>
                </li>
              ))}
            </ul>
            {log.hasNextPage && (
              <Button
                variant="outline"
                className="justify-self-center"
                onClick={() => void log.fetchNextPage()}
              >
                {t('admin.common.loadMore')}
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}

export default function UsersTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const users = useInfiniteQuery(usersQuery(q));
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <>
      <TabSection title={t('admin.tabs.users')} description={t('admin.users.description')}>
        <form onSubmit={submit} role="search" className="flex flex-wrap gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            {t('admin.users.search')}
          </label>
          <Input
            id="admin-user-search"
            type="search"
            className="max-w-sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('admin.users.searchPlaceholder')}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('admin.users.search')}
          </Button>
        </form>
        <QueryState
          query={{ ...users, data: users.data?.pages.flatMap((p) => p.users) }}
          isEmpty={(list) => list.length === 0}
          empty={t('admin.users.empty')}
        >
          {(list) => (
            <div className="grid gap-3">
              <ul className="grid gap-2">
                {list.map((u) => (
                  <li
                    key={u.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-all">{u.email}</p>
                      <p className="text-muted-foreground">
                        {u.firstName} {u.lastName} · {formatAdminDate(u.createdAt, format, dates, false)} ·{' '}
                        {t('admin.users.following', { count: u.followingCount })}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="outline">{u.subscriptionTier}</Badge>
                      {u.suspended && <Badge variant="destructive">{t('admin.users.suspended')}</Badge>}
                      {u.emailVerified && <Badge variant="success">{t('admin.users.emailVerified')}</Badge>}
                      {u.phoneVerified && <Badge variant="success">{t('admin.users.phoneVerified')}</Badge>}
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setOpen(u.id)}
                        aria-label={t('admin.users.manageLabel', { email: u.email })}
                      >
                        {t('admin.users.manage')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {users.hasNextPage && (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  onClick={() => void users.fetchNextPage()}
                  disabled={users.isFetchingNextPage}
                >
                  {t('admin.common.loadMore')}
                </Button>
              )}
            </div>
          )}
        </QueryState>
      </TabSection>
      <AuditLog />
      {open !== null && <UserDetailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
