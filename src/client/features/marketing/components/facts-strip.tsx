import { useTranslation } from '#client/i18n';
import { formatNumber } from '#client/lib/format-number';
import { LANDING_FACTS } from '../lib/facts';

export function FactsStrip() {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  // plain facts of the product, from the definitions the service runs on (lib/facts.ts)
  const facts = [
    { value: number(LANDING_FACTS.types), label: t('landing.facts.types') },
    { value: number(LANDING_FACTS.sources), label: t('landing.facts.sources') },
    { value: number(LANDING_FACTS.channels), label: t('landing.facts.channels') },
    { value: number(LANDING_FACTS.trialDays), label: t('landing.facts.trialDays') },
  ];
  return (
    <section aria-label={t('landing.facts.label')} className="border-b bg-card">
      <dl className="container-page grid grid-cols-2 gap-6 py-8 md:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label} className="grid gap-1 text-center">
            <dt className="order-2 text-sm text-muted-foreground">{fact.label}</dt>
            <dd className="order-1 text-3xl font-bold text-primary tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
