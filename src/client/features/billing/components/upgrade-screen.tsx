import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge';
import { buttonVariants } from '#client/components/ui/button';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { formatPounds } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import { MINIMUM_TERM_MONTHS, PLANS, SUBSCRIPTION_TIERS } from '#shared/tiers';
import { tierRank } from '#shared/paid-tiers';
import { PaymentsNotConfiguredBanner } from './payments-not-configured';
import { PlanComparison } from './plan-comparison';

/** /upgrade: the three plans, what each allows (from the plan definitions) and the way to each. */
export function UpgradeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [yearly, setYearly] = useState(false);
  const current = user?.subscriptionTier ?? 'trial';
  const expired = current === 'trial' && user?.subscriptionStatus === 'expired';
  const pounds = (pence: number) => formatPounds(pence / 100, i18n.language);

  return (
    <div className="grid gap-8">
      <PaymentsNotConfiguredBanner />
      <div
        role="radiogroup"
        aria-label={t('billing.interval.label')}
        className="flex w-fit gap-1 rounded-lg bg-muted p-1"
      >
        {[false, true].map((year) => (
          <button
            key={String(year)}
            type="button"
            role="radio"
            aria-checked={yearly === year}
            onClick={() => setYearly(year)}
            className={cn(
              'rounded-md px-4 py-2 text-sm font-medium',
              yearly === year ? 'bg-card shadow-sm' : 'text-muted-foreground',
            )}
          >
            {year
              ? t('billing.interval.yearly', { percent: PLANS.basic.yearlySavingPct ?? 0 })
              : t('billing.interval.monthly')}
          </button>
        ))}
      </div>
      <ul className="grid gap-6 lg:grid-cols-3">
        {SUBSCRIPTION_TIERS.map((tier) => {
          const plan = PLANS[tier];
          const isCurrent = tier === current;
          const price = tier === 'trial' ? 0 : yearly ? plan.yearlyPrice! : plan.monthlyPrice;
          const downgrade = tierRank(tier) < tierRank(current);
          return (
            <li key={tier} className="flex">
              <article
                aria-labelledby={`upgrade-${tier}`}
                className={cn(
                  'flex w-full flex-col gap-4 rounded-xl border bg-card p-6',
                  tier === 'premium' && 'border-2 border-primary',
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`upgrade-${tier}`} className="text-xl font-semibold">
                    {t(`billing.plan.${tier}`)}
                  </h2>
                  {isCurrent && !expired && <Badge variant="info">{t('billing.currentPlan')}</Badge>}
                  {tier === 'trial' && expired && (
                    <Badge variant="destructive">{t('billing.trialExpired')}</Badge>
                  )}
                </div>
                <p className="flex items-baseline gap-1">
                  <span className="text-4xl font-bold tabular-nums">{pounds(price)}</span>
                  <span className="text-muted-foreground">
                    {tier === 'trial'
                      ? t('billing.forDays', { days: plan.trialDays ?? 30 })
                      : yearly
                        ? t('billing.perYear')
                        : t('billing.perMonth')}
                  </span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {tier === 'trial'
                    ? t('billing.trialNote')
                    : t('billing.termNote', { months: MINIMUM_TERM_MONTHS })}
                </p>
                <div className="mt-auto">
                  {tier === 'trial' ? null : isCurrent ? (
                    <span
                      className={cn(
                        buttonVariants({ variant: 'outline' }),
                        'pointer-events-none w-full opacity-70',
                      )}
                    >
                      {t('billing.currentPlan')}
                    </span>
                  ) : downgrade ? (
                    <span
                      className={cn(
                        buttonVariants({ variant: 'outline' }),
                        'pointer-events-none w-full opacity-70',
                      )}
                    >
                      {t('billing.downgradeNotAvailable')}
                    </span>
                  ) : (
                    <Link
                      to={`/subscribe?tier=${tier}&interval=${yearly ? 'year' : 'month'}`}
                      className={cn(
                        buttonVariants({ variant: tier === 'premium' ? 'default' : 'outline' }),
                        'w-full',
                      )}
                    >
                      {t('billing.choose', { plan: t(`billing.plan.${tier}`) })}
                    </Link>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <PlanComparison />
    </div>
  );
}
