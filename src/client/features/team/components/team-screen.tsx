import { QueryState } from '#client/components/query-state';
import { useTranslation } from '#client/i18n';
import { useCurrentOrg } from '../api/orgs';
import { permissionsOf } from '../lib/permissions';
import { CreateOrgCard } from './create-org-card';
import { InviteCard } from './invite-card';
import { MembersCard } from './members-card';
import { ReadOnlyNote } from './org-gate';
import { SeatsCard } from './seats-card';
import { TeamNav } from './team-nav';

/** /team: the organisation's members, roles, invitations and seats (or creating one). */
export function TeamScreen() {
  const { t } = useTranslation();
  const org = useCurrentOrg();
  return (
    <QueryState query={org} errorTitle={t('team.page.loadFailed')}>
      {(data) =>
        data === null ? (
          <CreateOrgCard />
        ) : (
          <div className="grid gap-6">
            <div className="grid gap-3">
              <p className="text-lg font-semibold">
                <bdi>{data.name}</bdi>
              </p>
              <TeamNav />
            </div>
            {data.role === 'viewer' && <ReadOnlyNote>{t('team.readOnly.viewer')}</ReadOnlyNote>}
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="grid min-w-0 content-start gap-6">
                <MembersCard org={data} />
                {permissionsOf(data.role).manageMembers && <InviteCard org={data} />}
              </div>
              <SeatsCard org={data} />
            </div>
          </div>
        )
      }
    </QueryState>
  );
}
