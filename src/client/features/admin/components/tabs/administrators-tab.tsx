import { useQuery } from '@tanstack/react-query';
import { Send, UserMinus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { QueryState } from '#client/components/query-state';
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
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import { ADMIN_INVITE_TTL_DAYS } from '#shared/admin-admins';
import type { AdminSummary } from '#shared/schemas/admin';
import { adminListQuery, adminMeQuery, useInviteAdmin, useRemoveAdmin } from '../../api/admins';
import { formatAdminDate } from '../../lib/format';
import { TabSection } from '../tab-section';

const STATUS_VARIANT = { invited: 'outline', enrolling: 'warning', active: 'success' } as const;

function InviteForm() {
  const { t } = useTranslation();
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (value === '') return setError(t('validation.email.required'));
    invite.mutate(value, {
      onSuccess: () => {
        toast({ title: t('admin.admins.invited', { email: value }) });
        setEmail('');
        setError(undefined);
      },
      onError: (failure) =>
        failure instanceof ApiError && failure.code === 'admin_exists'
          ? setError(t('admin.admins.exists'))
          : failure instanceof ApiError && failure.status === 400
            ? setError(t('validation.invalidEmail'))
            : toast({
                title: t('admin.admins.inviteFailed'),
                description: apiErrorMessage(failure, t('admin.common.tryAgainLater')),
                variant: 'destructive',
              }),
    });
  };
  return (
    <TabSection
      title={t('admin.admins.inviteTitle')}
      description={t('admin.admins.inviteDescription', { days: ADMIN_INVITE_TTL_DAYS })}
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField
          id="admin-invite-email"
          label={t('admin.admins.email')}
          error={error}
          className="w-full max-w-sm"
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(undefined);
              }}
            />
          )}
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t('admin.admins.invite')}
        </Button>
      </form>
    </TabSection>
  );
}

function RemoveDialog({ admin, onDone }: { admin: AdminSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveAdmin();
  const confirm = () =>
    remove.mutate(admin.id, {
      onSuccess: () => {
        toast({ title: t('admin.admins.removed') });
        onDone();
      },
      onError: (error) =>
        toast({
          title: t('admin.admins.removeFailed'),
          description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admin.users.confirmTitle')}</DialogTitle>
          <DialogDescription>
            {t('admin.admins.confirmRemove', { email: admin.email ?? '' })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t('admin.admins.remove')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The people who may open the console; the owner invites and removes them. */
export default function AdministratorsTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useQuery(adminMeQuery());
  const list = useQuery(adminListQuery());
  const [removing, setRemoving] = useState<AdminSummary | null>(null);
  const isOwner = me.data?.owner === true;
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  return (
    <>
      <TabSection title={t('admin.tabs.administrators')} description={t('admin.admins.description')}>
        <QueryState query={{ ...list, data: list.data?.admins }} isEmpty={(a) => a.length === 0} empty="">
          {(admins) => (
            <ul className="grid gap-2">
              {admins.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-all">{a.owner ? t('admin.admins.owner') : a.email}</p>
                    <p className="text-muted-foreground">
                      {t('admin.admins.added', { date: formatAdminDate(a.createdAt, format, dates, false) })}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {me.data?.id === a.id && <Badge variant="info">{t('admin.admins.you')}</Badge>}
                    <Badge variant={STATUS_VARIANT[a.status]}>{t(`admin.admins.status.${a.status}`)}</Badge>
                    {isOwner && !a.owner && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRemoving(a)}
                        aria-label={t('admin.admins.removeLabel', { email: a.email ?? '' })}
                      >
                        <UserMinus aria-hidden="true" />
                        {t('admin.admins.remove')}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </TabSection>
      {isOwner ? (
        <InviteForm />
      ) : (
        me.data && <p className="text-sm text-muted-foreground">{t('admin.admins.ownerOnly')}</p>
      )}
      {removing && <RemoveDialog admin={removing} onDone={() => setRemoving(null)} />}
    </>
  );
}
