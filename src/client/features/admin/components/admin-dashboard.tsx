import { useQuery } from '@tanstack/react-query';
import { Activity, AlertTriangle, CheckCircle2, LogOut } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation, type TranslationKey } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { systemHealthQuery } from '../api/queries';

/** The spec's 13 tabs, in order, then Administrators; each loads its own code when first opened. */
export const ADMIN_TABS = [
  ['overview', () => import('./tabs/overview-tab')],
  ['users', () => import('./tabs/users-tab')],
  ['database', () => import('./tabs/database-tab')],
  ['search-terms', () => import('./tabs/search-terms-tab')],
  ['notifications', () => import('./tabs/notifications-tab')],
  ['news-cache', () => import('./tabs/news-cache-tab')],
  ['legislation-sync', () => import('./tabs/legislation-sync-tab')],
  ['monitoring', () => import('./tabs/monitoring-tab')],
  ['data-sync', () => import('./tabs/data-sync-tab')],
  ['phase-2', () => import('./tabs/phase2-tab')],
  ['phase-3', () => import('./tabs/phase3-tab')],
  ['system', () => import('./tabs/system-tab')],
  ['legislation-settings', () => import('./tabs/legislation-settings-tab')],
  // beyond the spec's 13: the people who may open the console
  ['administrators', () => import('./tabs/administrators-tab')],
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number][0];

const TAB_COMPONENTS = Object.fromEntries(
  ADMIN_TABS.map(([id, load]) => [id, lazy(load as () => Promise<{ default: ComponentType }>)]),
) as unknown as Record<AdminTab, ComponentType>;

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some(([id]) => id === value);

function HealthBanner() {
  const { t } = useTranslation();
  const health = useQuery(systemHealthQuery());
  if (health.isPending) return <Skeleton className="h-12 w-full" />;
  if (health.isError || !health.data)
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive-strong"
      >
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t('admin.health.unavailable')}
      </div>
    );
  const { status, issues } = health.data;
  const Icon = status === 'healthy' ? CheckCircle2 : status === 'warning' ? Activity : AlertTriangle;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-4 py-3 text-sm',
        status === 'healthy' && 'border-success/40 bg-success/10 text-success-strong',
        status === 'warning' && 'border-warning/40 bg-warning/10 text-warning-strong',
        status === 'error' && 'border-destructive/40 bg-destructive/10 text-destructive-strong',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      <span className="font-semibold">{t(`admin.health.status.${status}`)}</span>
      <span>{t('admin.health.issues', { count: issues.length })}</span>
    </div>
  );
}

export interface AdminDashboardProps {
  onLogout: () => void;
  loggingOut: boolean;
}

/** The console: health banner, Logout, and the 13 tabs (a select on phones). */
export function AdminDashboard({ onLogout, loggingOut }: AdminDashboardProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.dashboard.title'));
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const [tab, setTabState] = useState<AdminTab>(isTab(fromUrl) ? fromUrl : 'overview');
  const setTab = (value: string) => {
    if (!isTab(value)) return;
    setTabState(value);
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  };
  const label = (id: AdminTab) => t(`admin.tabs.${id}` as TranslationKey);

  return (
    <div className="container-page grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('admin.dashboard.title')}</h1>
          <p className="text-muted-foreground">{t('admin.dashboard.description')}</p>
        </div>
        <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
          {t('admin.dashboard.logout')}
        </Button>
      </div>
      <HealthBanner />
      <Tabs value={tab} onValueChange={setTab} className="min-w-0 gap-6">
        <div className="sm:hidden">
          <label htmlFor="admin-tab-select" className="mb-1 block text-sm font-medium">
            {t('admin.tabs.choose')}
          </label>
          <select
            id="admin-tab-select"
            value={tab}
            onChange={(event) => setTab(event.target.value)}
            className="h-11 w-full rounded-md border border-input bg-card px-3 text-base"
          >
            {ADMIN_TABS.map(([id]) => (
              <option key={id} value={id}>
                {label(id)}
              </option>
            ))}
          </select>
        </div>
        <div className="hidden overflow-x-auto pb-1 sm:block">
          <TabsList aria-label={t('admin.tabs.label')} className="h-auto w-full flex-wrap justify-start">
            {ADMIN_TABS.map(([id]) => (
              <TabsTrigger key={id} value={id} className="h-9 flex-none">
                {label(id)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {ADMIN_TABS.map(([id]) => {
          const Content = TAB_COMPONENTS[id];
          return (
            <TabsContent key={id} value={id} className="grid gap-6 focus-visible:outline-none">
              {tab === id && (
                <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                  <Content />
                </Suspense>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
