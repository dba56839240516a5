import { type ReactNode, useState } from 'react';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { takeNewMemberMark } from '#client/lib/session/new-member';
import { DataFreshnessSlot } from './data-freshness-slot';
import { LegislationList } from './legislation-list';
import { SideColumn } from './side-column';
import { StatCards } from './stat-cards';
import { SyncLatestButton } from './sync-latest-button';

/**
 * The member's dashboard content: figures, the legislation list and the side column (below the list
 * on a phone); `viewSwitch` and `teamView` (shown in their place when given) come from the app.
 */
export function DashboardScreen({
  memberName,
  viewSwitch,
  teamView,
}: {
  memberName: string;
  viewSwitch?: ReactNode;
  teamView?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  // the first dashboard after registering greets a newcomer; later ones welcome them back
  const [newMember] = useState(takeNewMemberMark);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('dashboard.title')}</h1>
          <p className="text-muted-foreground">
            {t(newMember ? 'dashboard.welcomeNew' : 'dashboard.welcome', { name: memberName })}
          </p>
        </div>
        <SyncLatestButton />
      </div>
      {viewSwitch}
      {teamView ?? (
        <>
          <DataFreshnessSlot />
          <StatCards />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <LegislationList />
            <SideColumn />
          </div>
        </>
      )}
    </div>
  );
}
