import { Check } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { formatPounds } from '#client/lib/format-number';
import { cn } from '#client/lib/utils';
import { MINIMUM_TERM_MONTHS, PLANS, type Plan, yearlySavingPercent } from '../lib/plans';
import { SectionHeading } from './section-heading';

/** Tier buttons start sign-in on the server, which brings the visitor back to choose the plan. */
const PLAN_START_URL = '/api/login';

export function PricingSection() {
  const { t } = useTranslation();
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="py-16 sm:py-24">
      <div className="container-page grid gap-12">
        <SectionHeading
          id="pricing-heading"
          eyebrow={t('landing.pricing.eyebrow')}
          title={t('landing.pricing.title')}
          lead={t('landing.pricing.lead')}
        />
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mx-auto max-w-3xl text-center text-sm text-muted-foreground">
          {t('landing.pricing.terms', { months: MINIMUM_TERM_MONTHS })}
        </p>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const price = (amount: number) => formatPounds(amount, i18n.language);
  const featured = plan.id === 'basic';
  const headingId = `plan-${plan.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex w-full flex-col rounded-xl border bg-card p-6 shadow-sm',
        featured && 'border-2 border-primary shadow-lg shadow-primary/10',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-semibold">
          {t(`landing.pricing.plans.${plan.id}.name`)}
        </h3>
        {plan.yearly !== null && (
          <Badge variant="success">
            {t('landing.pricing.savePercent', { percent: yearlySavingPercent(plan.monthly, plan.yearly) })}
          </Badge>
        )}
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {t(`landing.pricing.plans.${plan.id}.description`)}
      </p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{price(plan.monthly)}</span>
        <span className="text-muted-foreground">
          {plan.trialDays !== null
            ? t('landing.pricing.forDays', { days: plan.trialDays })
            : t('landing.pricing.perMonth')}
        </span>
      </p>
      <p className="mt-1 min-h-6 text-sm text-muted-foreground">
        {plan.yearly !== null
          ? t('landing.pricing.orYearly', { price: price(plan.yearly) })
          : t('landing.pricing.noCommitment')}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {plan.featureKeys.map((key) => (
          <li key={key} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{t(`landing.pricing.plans.${plan.id}.features.${key}` as never)}</span>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={featured ? 'default' : 'outline'} className="mt-8 w-full">
        <a href={PLAN_START_URL}>{t(`landing.pricing.plans.${plan.id}.cta`)}</a>
      </Button>
    </article>
  );
}
