import { UserMinus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { type Column, DataTable } from '#client/components/ui/data-table';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAuth } from '#client/lib/session/use-auth';
import { useChangeRole, useRemoveMember } from '../api/orgs';
import { assignableRoles, permissionsOf } from '../lib/permissions';
import type { CurrentOrg, OrgMember, OrgRole } from '../lib/types';
import { ReadOnlyNote } from './org-gate';

export const memberName = (m: Pick<OrgMember, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/** The organisation's members and their roles; owners and admins change roles and remove members. */
export function MembersCard({ org }: { org: CurrentOrg }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const can = permissionsOf(org.role);
  const changeRole = useChangeRole(org.id);
  const remove = useRemoveMember(org.id);
  const roles = assignableRoles(org.role);

  const failed = (error: unknown) =>
    toast({
      title: t('team.members.failed'),
      description: apiErrorMessage(error, t('common.tryAgainLater')),
      variant: 'destructive',
    });

  const setRole = (member: OrgMember, role: OrgRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast({
            title: t('team.members.roleChanged', { name: memberName(member), role: t(`team.roles.${role}`) }),
          }),
        onError: failed,
      },
    );

  const removeMember = (member: OrgMember) => {
    if (!window.confirm(t('team.members.removeConfirm', { name: memberName(member) }))) return;
    remove.mutate(member.userId, {
      onSuccess: () => toast({ title: t('team.members.removed', { name: memberName(member) }) }),
      onError: failed,
    });
  };

  // one's own role is changed by another owner or admin (so the last owner cannot demote themself)
  const editable = (m: OrgMember) =>
    can.manageMembers && m.userId !== user?.id && (org.role === 'owner' || m.role !== 'owner');

  const columns: Column<OrgMember>[] = [
    {
      key: 'name',
      header: t('team.members.name'),
      rowHeader: true,
      cell: (m) => (
        <span className="grid">
          <bdi className="font-medium">{memberName(m)}</bdi>
          {m.userId === user?.id && (
            <span className="text-xs text-muted-foreground">({t('team.members.you')})</span>
          )}
        </span>
      ),
    },
    {
      key: 'email',
      header: t('team.members.email'),
      cell: (m) => <bdi className="break-all">{m.email}</bdi>,
    },
    {
      key: 'role',
      header: t('team.members.role'),
      cell: (m) =>
        editable(m) ? (
          <select
            aria-label={t('team.members.roleOf', { name: memberName(m) })}
            value={m.role}
            disabled={changeRole.isPending}
            onChange={(e) => setRole(m, e.target.value as OrgRole)}
            className="h-9 rounded-md border border-input bg-card px-2 text-sm"
          >
            {(roles.includes(m.role) ? roles : [m.role, ...roles]).map((role) => (
              <option key={role} value={role}>
                {t(`team.roles.${role}`)}
              </option>
            ))}
          </select>
        ) : (
          t(`team.roles.${m.role}`)
        ),
    },
  ];
  if (can.manageMembers)
    columns.push({
      key: 'actions',
      header: t('team.members.actions'),
      align: 'end',
      cell: (m) =>
        editable(m) ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('team.members.removeLabel', { name: memberName(m) })}
            disabled={remove.isPending}
            onClick={() => removeMember(m)}
          >
            <UserMinus aria-hidden="true" />
            <span className="hidden sm:inline">{t('team.members.remove')}</span>
          </Button>
        ) : null,
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.members.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!can.manageMembers && <ReadOnlyNote>{t('team.readOnly.members')}</ReadOnlyNote>}
        <DataTable
          columns={columns}
          rows={org.members}
          rowKey={(m) => m.userId}
          caption={t('team.members.title')}
          label={t('team.members.title')}
          minWidth="min-w-[36rem]"
        />
      </CardContent>
    </Card>
  );
}
