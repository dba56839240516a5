import { Link } from 'react-router';
import { QueryState } from '#client/components/query-state';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { type Column, DataTable } from '#client/components/ui/data-table';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { useActivity } from '../api/activity';
import { useWatchlist } from '../api/watchlist';
import type { ActivityEntry, CurrentOrg } from '../lib/types';
import { memberName } from './members-card';
import { OrgGate } from './org-gate';
import { ReportCard } from './report-card';
import { TeamNav } from './team-nav';

/** /team/activity: the board pack downloads and the organisation's activity log. */
export function ActivityScreen() {
  return (
    <div className="grid gap-6">
      <TeamNav />
      <OrgGate>
        {(org) => (
          <>
            <ReportCard orgId={org.id} />
            <ActivityLog org={org} />
          </>
        )}
      </OrgGate>
    </div>
  );
}

function ActivityLog({ org }: { org: CurrentOrg }) {
  const { t } = useTranslation();
  const format = useFormat();
  const activity = useActivity(org.id);
  const titles = useWatchlist(org.id).data;
  const columns: Column<ActivityEntry>[] = [
    {
      key: 'when',
      header: t('team.activity.when'),
      cell: (entry) => <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>,
      className: 'whitespace-nowrap',
    },
    {
      key: 'who',
      header: t('team.activity.who'),
      cell: (entry) => {
        const member = org.members.find((m) => m.userId === entry.actor.userId);
        return <bdi>{member ? memberName(member) : (entry.actor.email ?? t('team.activity.system'))}</bdi>;
      },
    },
    {
      key: 'what',
      header: t('team.activity.what'),
      rowHeader: true,
      cell: (entry) => {
        const what = t(`team.actions.${entry.action}`, { defaultValue: entry.action });
        const email = entry.details?.email;
        return typeof email === 'string' ? (
          <>
            {what} (<bdi>{email}</bdi>)
          </>
        ) : (
          what
        );
      },
    },
    {
      key: 'item',
      header: t('team.activity.item'),
      cell: (entry) =>
        entry.legalChangeId === null ? (
          '—'
        ) : (
          <Link to={`/legal-change/${entry.legalChangeId}`} className="text-primary hover:underline">
            {titles?.get(entry.legalChangeId) ?? `#${entry.legalChangeId}`}
          </Link>
        ),
    },
  ];
  const query = { ...activity, data: activity.data?.pages.flatMap((page) => page.entries) };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.activity.log')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={t('team.activity.empty')}>
          {(rows) => (
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(entry) => entry.id}
              caption={t('team.activity.log')}
              label={t('team.activity.log')}
              minWidth="min-w-[40rem]"
            />
          )}
        </QueryState>
        {activity.hasNextPage && (
          <Button
            variant="outline"
            className="w-fit"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage && <Spinner />}
            {t('team.activity.more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
