import { Activity, Bell, CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Card } from '#client/components/ui/card';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog';
import { Progress } from '#client/components/ui/progress';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { FollowedDialogContent } from './followed-dialog';
import { useFormat } from '#client/lib/format';

function StatBody({
  label,
  value,
  icon,
  children,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="text-muted-foreground [&_svg]:size-5">{icon}</span>
      </div>
      <span className="text-3xl font-semibold tabular-nums">{value}</span>
      {children}
    </>
  );
}

const cardClass = 'flex flex-col gap-1 p-5';

/** The four figures: Active Trackings (opens the followed list), Pending Changes, This Month and Trial Usage. */
export function StatCards() {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = useDashboardStats();
  if (stats.isPending) {
    return (
      <div
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
        aria-busy="true"
        aria-label={t('dashboard.stats.label')}
        role="region"
      >
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-32 rounded-xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{t('dashboard.stats.loadError')}</AlertDescription>
      </Alert>
    );
  }
  const s = stats.data;
  const pct = s.thisMonthChangePct;
  const change = pct === null || !Number.isFinite(pct) ? null : format.percent(pct, { signed: true });
  const onTrial = s.subscriptionTier === 'trial' && s.trialProgress !== null;
  return (
    <section
      aria-label={t('dashboard.stats.label')}
      className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', onTrial ? 'xl:grid-cols-4' : 'xl:grid-cols-3')}
    >
      <Dialog>
        <DialogTrigger asChild>
          <button
            type="button"
            className={cn(
              cardClass,
              'rounded-xl border bg-card text-start text-card-foreground shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/30',
            )}
          >
            <StatBody
              label={t('dashboard.stats.activeTrackings')}
              value={s.activeTrackings}
              icon={<Activity aria-hidden="true" />}
            >
              <span className="text-sm text-primary underline-offset-4">
                {t('dashboard.stats.viewFollowed')}
              </span>
            </StatBody>
          </button>
        </DialogTrigger>
        <FollowedDialogContent />
      </Dialog>
      <Card className={cardClass}>
        <StatBody
          label={t('dashboard.stats.pendingChanges')}
          value={s.pendingChanges}
          icon={<Bell aria-hidden="true" />}
        >
          <p className="text-sm text-muted-foreground">
            {t('dashboard.stats.requireAction', { count: s.requireAction })}
          </p>
        </StatBody>
      </Card>
      <Card className={cardClass}>
        <StatBody
          label={t('dashboard.stats.thisMonth')}
          value={s.thisMonth}
          icon={<CalendarDays aria-hidden="true" />}
        >
          <p className="text-sm text-muted-foreground">
            {t('dashboard.stats.thisMonthHint')}
            {change !== null && (
              <>
                {' · '}
                <span
                  className={cn(
                    (s.thisMonthChangePct ?? 0) >= 0 ? 'text-success-strong' : 'text-destructive-strong',
                  )}
                >
                  {t('dashboard.stats.vsLastMonth', { change })}
                </span>
              </>
            )}
          </p>
        </StatBody>
      </Card>
      {onTrial && (
        <Card className={cardClass}>
          <StatBody
            label={t('dashboard.stats.trialUsage')}
            value={`${Math.round(s.trialProgress ?? 0)}%`}
            icon={<Clock aria-hidden="true" />}
          >
            <Progress
              value={s.trialProgress ?? 0}
              aria-label={t('dashboard.stats.trialProgress', { value: Math.round(s.trialProgress ?? 0) })}
              className="mt-1"
            />
            <p className="text-sm text-muted-foreground">
              {t('dashboard.stats.trialUsageHint', { count: s.daysRemaining ?? 0 })}
            </p>
          </StatBody>
        </Card>
      )}
    </section>
  );
}
