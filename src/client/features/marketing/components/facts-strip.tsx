import { LEGISLATION_TYPES } from '#shared/legislation';
import { useTranslation } from '#client/i18n';

export function FactsStrip() {
  const { t } = useTranslation();
  const facts = [
    { value: String(LEGISLATION_TYPES.length), label: t('landing.facts.types') },
    { value: '4', label: t('landing.facts.sources') },
    { value: '3', label: t('landing.facts.channels') },
    { value: '30', label: t('landing.facts.trialDays') },
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
