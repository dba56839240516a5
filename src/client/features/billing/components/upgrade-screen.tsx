import { Check, Minus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge';
import { buttonVariants } from '#client/components/ui/button';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { formatPounds } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import {
  MINIMUM_TERM_MONTHS,
  PLANS,
  SUBSCRIPTION_TIERS,
  TIER_LIMITS,
  UNLIMITED,
  type SubscriptionTier,
} from '#shared/tiers';
import { tierRank } from '#shared/paid-tiers';

/** /upgrade: the three plans, what each allows (from the plan definitions) and the way to each. */
export function UpgradeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [yearly, setYearly] = useState(false);
  const current = user?.subscriptionTier ?? 'trial';
  const expired = current === 'trial' && user?.subscriptionStatus === 'expired';
  const pounds = (pence: number) => formatPounds(pence / 100, i18n.language);
  const limit = (n: number) => (n === UNLIMITED ? t('billing.compare.unlimited') : String(n));

  const rows: { label: string; values: Record<SubscriptionTier, string | boolean> }[] = [
    {
      label: t('billing.compare.followed'),
      values: {
        trial: limit(TIER_LIMITS.trial.maxFollowed),
        basic: limit(TIER_LIMITS.basic.maxFollowed),
        premium: limit(TIER_LIMITS.premium.maxFollowed),
      },
    },
    {
      label: t('billing.compare.jurisdictions'),
      values: {
        trial: limit(TIER_LIMITS.trial.maxJurisdictions),
        basic: limit(TIER_LIMITS.basic.maxJurisdictions),
        premium: limit(TIER_LIMITS.premium.maxJurisdictions),
      },
    },
    {
      label: t('billing.compare.lawAreas'),
      values: {
        trial: limit(TIER_LIMITS.trial.maxLawAreas),
        basic: limit(TIER_LIMITS.basic.maxLawAreas),
        premium: limit(TIER_LIMITS.premium.maxLawAreas),
      },
    },
    { label: t('billing.compare.sms'), values: { trial: false, basic: true, premium: true } },
    { label: t('billing.compare.news'), values: { trial: false, basic: true, premium: true } },
    { label: t('billing.compare.analytics'), values: { trial: false, basic: false, premium: true } },
    {
      label: t('billing.compare.support'),
      values: { trial: PLANS.trial.support, basic: PLANS.basic.support, premium: PLANS.premium.support },
    },
  ];

  return (
    <div className="grid gap-8">
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
      <div
        tabIndex={0}
        role="region"
        aria-label={t('billing.compare.title')}
        className="overflow-x-auto rounded-xl border bg-card"
      >
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="p-4 text-start text-lg font-semibold">{t('billing.compare.title')}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-4 py-2 text-start">
                {t('billing.compare.feature')}
              </th>
              {SUBSCRIPTION_TIERS.map((tier) => (
                <th key={tier} scope="col" className="px-4 py-2 text-start">
                  {t(`billing.plan.${tier}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t">
                <th scope="row" className="px-4 py-2 text-start font-normal">
                  {row.label}
                </th>
                {SUBSCRIPTION_TIERS.map((tier) => {
                  const value = row.values[tier];
                  return (
                    <td key={tier} className="px-4 py-2">
                      {value === true ? (
                        <>
                          <Check aria-hidden="true" className="size-4 text-success" />
                          <span className="sr-only">{t('billing.compare.included')}</span>
                        </>
                      ) : value === false ? (
                        <>
                          <Minus aria-hidden="true" className="size-4 text-muted-foreground" />
                          <span className="sr-only">{t('billing.compare.notIncluded')}</span>
                        </>
                      ) : (
                        value
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
