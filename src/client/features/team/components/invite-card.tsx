import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { TextField } from '#client/components/ui/form-field';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import { useInvite } from '../api/orgs';
import { assignableRoles, seatsLeft } from '../lib/permissions';
import type { CurrentOrg, OrgRole } from '../lib/types';
import { SelectField } from './select-field';

/** Owners and admins invite a colleague by email with a role; the answer is announced. */
export function InviteCard({ org }: { org: CurrentOrg }) {
  const { t } = useTranslation();
  const format = useFormat();
  const invite = useInvite(org.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const noSeats = seatsLeft(org.seats) === 0;
  const roles = assignableRoles(org.role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };
  const seatsError = invite.error instanceof ApiError && invite.error.code === 'no_seats';

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.invite.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
          <TextField
            id="invite-email"
            type="email"
            label={t('team.invite.email')}
            value={email}
            onValueChange={setEmail}
            required
            autoComplete="off"
          />
          <SelectField
            id="invite-role"
            label={t('team.invite.role')}
            value={role}
            onValueChange={(value) => setRole(value as OrgRole)}
            options={roles.map((r) => ({
              value: r,
              label: `${t(`team.roles.${r}`)} (${t(`team.roleHints.${r}`)})`,
            }))}
          />
          <Button type="submit" disabled={invite.isPending || noSeats} className="w-fit">
            {invite.isPending && <Spinner />}
            {t('team.invite.submit')}
          </Button>
        </form>
        <div role="status" className="mt-3 text-sm empty:hidden">
          {invite.isSuccess &&
            t('team.invite.sent', { email: invite.data.email, date: format.date(invite.data.expiresAt) })}
        </div>
        <div role="alert" className="mt-3 text-sm font-medium text-destructive empty:hidden">
          {invite.isError && !seatsError && apiErrorMessage(invite.error, t('team.invite.failed'))}
        </div>
        {(noSeats || seatsError) && (
          <p className="mt-3 text-sm">
            {t('team.invite.noSeats')}{' '}
            {org.role === 'owner' && (
              <Link to="/subscription" className="text-primary underline underline-offset-4">
                {t('team.seats.manage')}
              </Link>
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
