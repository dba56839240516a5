import { Check, Minus } from 'lucide-react';
import { useTranslation } from '#client/i18n';
import { PLANS, SUBSCRIPTION_TIERS, TIER_LIMITS, UNLIMITED, type SubscriptionTier } from '#shared/tiers';
import { useCoveredJurisdictionNames } from './covered-jurisdictions';

type Row = { label: string; values: Record<SubscriptionTier, string | boolean> };

/** The rows of the comparison, from the plan definitions. */
function useRows(): Row[] {
  const { t } = useTranslation();
  const covered = useCoveredJurisdictionNames();
  const limit = (n: number) => (n === UNLIMITED ? t('billing.compare.unlimited') : String(n));
  const jurisdictions = (n: number) =>
    n === UNLIMITED ? t('billing.compare.allCovered', { names: covered }) : String(n);
  const each = (pick: (tier: SubscriptionTier) => string | boolean) =>
    Object.fromEntries(SUBSCRIPTION_TIERS.map((tier) => [tier, pick(tier)])) as Row['values'];
  return [
    { label: t('billing.compare.followed'), values: each((tier) => limit(TIER_LIMITS[tier].maxFollowed)) },
    {
      label: t('billing.compare.jurisdictions'),
      values: each((tier) => jurisdictions(TIER_LIMITS[tier].maxJurisdictions)),
    },
    { label: t('billing.compare.lawAreas'), values: each((tier) => limit(TIER_LIMITS[tier].maxLawAreas)) },
    { label: t('billing.compare.sms'), values: { trial: false, basic: true, premium: true } },
    { label: t('billing.compare.news'), values: { trial: false, basic: true, premium: true } },
    { label: t('billing.compare.analytics'), values: { trial: false, basic: false, premium: true } },
    { label: t('billing.compare.support'), values: each((tier) => PLANS[tier].support) },
  ];
}

function Value({ value }: { value: string | boolean }) {
  const { t } = useTranslation();
  if (value === true)
    return (
      <>
        <Check aria-hidden="true" className="size-4 text-success" />
        <span className="sr-only">{t('billing.compare.included')}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus aria-hidden="true" className="size-4 text-muted-foreground" />
        <span className="sr-only">{t('billing.compare.notIncluded')}</span>
      </>
    );
  return <>{value}</>;
}

/**
 * What each plan allows, side by side: a table from 640 px up; on a phone one card per plan
 * (features and values stacked), so no plan's column is pushed off the screen.
 */
export function PlanComparison() {
  const { t } = useTranslation();
  const rows = useRows();
  return (
    <section aria-labelledby="compare-plans" className="grid gap-4">
      <h2 id="compare-plans" className="text-lg font-semibold">
        {t('billing.compare.title')}
      </h2>
      <ul className="grid gap-4 sm:hidden" data-testid="plan-comparison-cards">
        {SUBSCRIPTION_TIERS.map((tier) => (
          <li key={tier} className="rounded-xl border bg-card p-4">
            <h3 id={`compare-${tier}`} className="mb-2 font-semibold">
              {t(`billing.plan.${tier}`)}
            </h3>
            <dl className="grid gap-2 text-sm">
              {rows.map((row) => (
                <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <dt className="text-muted-foreground">{row.label}</dt>
                  <dd className="ms-auto inline-flex text-end">
                    <Value value={row.values[tier]} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div
        tabIndex={0}
        role="region"
        aria-labelledby="compare-plans"
        className="hidden overflow-x-auto rounded-xl border bg-card sm:block"
      >
        <table className="w-full text-sm" aria-labelledby="compare-plans">
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
                {SUBSCRIPTION_TIERS.map((tier) => (
                  <td key={tier} className="px-4 py-2">
                    <Value value={row.values[tier]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
