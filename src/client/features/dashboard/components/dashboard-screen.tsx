import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { LegislationList } from './legislation-list';
import { SideColumn } from './side-column';
import { StatCards } from './stat-cards';

/** The member's dashboard content: figures, the legislation list and the side column (below the list on a phone). */
export function DashboardScreen({ memberName }: { memberName: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('dashboard.title')}</h1>
        <p className="text-muted-foreground">{t('dashboard.welcome', { name: memberName })}</p>
      </div>
      <StatCards />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <LegislationList />
        <SideColumn />
      </div>
    </div>
  );
}
