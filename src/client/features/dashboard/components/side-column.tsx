import { CalendarClock, Globe2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Progress } from '#client/components/ui/progress';
import { Skeleton } from '#client/components/ui/skeleton';
import { Flag } from '#client/components/ui/flag';
import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useUpcomingDeadlines } from '../api/get-upcoming-deadlines';
import { useUserSubscriptions } from '#client/lib/member-subscriptions';
import { UpgradeDialogOnDemand } from './dialogs-on-demand';
import { useFormat } from '#client/lib/format';

const SIDE_LIMIT = 3;

function SideSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      <Skeleton className="h-5" />
      <Skeleton className="h-5" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

function TrialCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = useDashboardStats();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const s = stats.data;
  if (!s || s.subscriptionTier !== 'trial') return null;
  const expired = s.subscriptionStatus === 'expired' || s.daysRemaining === 0;
  return (
    <Card className="border-primary/30 bg-accent/40">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {expired ? t('dashboard.side.trialExpired') : t('dashboard.side.trialTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {expired ? (
          <p className="text-sm">{t('dashboard.side.trialExpiredText')}</p>
        ) : (
          <>
            <p className="text-sm">{t('dashboard.side.trialDaysLeft', { count: s.daysRemaining ?? 0 })}</p>
            <Progress
              value={s.trialProgress ?? 0}
              aria-label={t('dashboard.stats.trialProgress', { value: Math.round(s.trialProgress ?? 0) })}
            />
            {s.trialEndsAt && (
              <p className="text-xs text-muted-foreground">
                {t('dashboard.side.trialEnds', { date: format.date(s.trialEndsAt) })}
              </p>
            )}
          </>
        )}
        <div className="grid gap-2">
          <Button size="sm" className="w-full" onClick={() => setUpgradeOpen(true)}>
            {t('dashboard.header.upgrade')}
          </Button>
          <Button asChild size="sm" variant="outline" className="w-full">
            <Link to="/upgrade">{t('dashboard.side.viewPlans')}</Link>
          </Button>
        </div>
        <UpgradeDialogOnDemand open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      </CardContent>
    </Card>
  );
}

function SubscriptionsCard() {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const subscriptions = useUserSubscriptions();
  const active = (subscriptions.data ?? []).filter((s) => s.isActive).slice(0, SIDE_LIMIT);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Globe2 aria-hidden="true" className="size-5 text-primary" />
          {t('dashboard.side.subscriptionsTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {subscriptions.isPending ? (
          <SideSkeleton />
        ) : subscriptions.isError ? (
          <p className="text-sm text-destructive-strong">{t('dashboard.side.loadError')}</p>
        ) : active.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.side.noSubscriptions')}</p>
        ) : (
          <ul className="grid gap-2">
            {active.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <Flag flag={s.jurisdiction.flag} />{' '}
                  <span className="font-medium">{vocabulary.jurisdiction(s.jurisdiction.name)}</span>
                </span>
                <Badge variant="secondary" className="truncate">
                  {s.lawArea.name}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <Link to="/subscription" className="text-sm font-medium text-primary underline underline-offset-4">
          {t('dashboard.side.manageSubscriptions')}
        </Link>
      </CardContent>
    </Card>
  );
}

function DeadlinesCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const deadlines = useUpcomingDeadlines();
  const first = (deadlines.data ?? []).slice(0, SIDE_LIMIT);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <CalendarClock aria-hidden="true" className="size-5 text-primary" />
          {t('dashboard.side.deadlinesTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {deadlines.isPending ? (
          <SideSkeleton />
        ) : deadlines.isError ? (
          <p className="text-sm text-destructive-strong">{t('dashboard.side.loadError')}</p>
        ) : first.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.side.noDeadlines')}</p>
        ) : (
          <ul className="grid gap-3">
            {first.map((d) => (
              <li key={d.id} className="grid gap-1 border-s-2 border-warning ps-3">
                <Link
                  to={`/legal-change/${d.id}`}
                  className="text-sm font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {d.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={d.consultationEndDate}>
                    {t('dashboard.side.closes', { date: format.date(d.consultationEndDate) })}
                  </time>
                  {d.followed && <Badge variant="info">{t('dashboard.side.followedDeadline')}</Badge>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The side column: Free Trial (trial only), Active Subscriptions and Upcoming Deadlines. */
export function SideColumn() {
  return (
    <div className="grid content-start gap-6">
      <TrialCard />
      <SubscriptionsCard />
      <DeadlinesCard />
    </div>
  );
}
