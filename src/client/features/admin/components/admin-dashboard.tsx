import { LogOut } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import type { SystemStats } from '../api/get-system-stats';

export interface AdminDashboardProps {
  stats: SystemStats | undefined;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The administrator's home: system figures and Logout. The tabbed tools build on this shell. */
export function AdminDashboard({ stats, onLogout, loggingOut }: AdminDashboardProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.dashboard.title'));
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    { key: 'users', label: t('admin.stats.userCount'), value: stats?.userCount },
    { key: 'new', label: t('admin.stats.newUsersToday'), value: stats?.newUsersToday },
    { key: 'legislation', label: t('admin.stats.legislationCount'), value: stats?.legislationCount },
    {
      key: 'notifications',
      label: t('admin.stats.notificationsSentToday'),
      value: stats?.notificationsSentToday,
    },
  ];

  return (
    <div className="container-page grid gap-8 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('admin.dashboard.title')}</h1>
          <p className="text-muted-foreground">{t('admin.dashboard.description')}</p>
        </div>
        <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden="true" />
          {t('admin.dashboard.logout')}
        </Button>
      </div>
      <section aria-labelledby="admin-overview-heading" className="grid gap-4">
        <h2 id="admin-overview-heading" className="text-lg font-semibold">
          {t('admin.dashboard.overview')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map((figure) => (
            <li key={figure.key}>
              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
                    {figure.label}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  {stats === undefined ? (
                    <Skeleton className="h-8 w-20" />
                  ) : (
                    <p className="text-3xl font-semibold tabular-nums">
                      {typeof figure.value === 'number'
                        ? number.format(figure.value)
                        : t('common.notAvailable')}
                    </p>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
