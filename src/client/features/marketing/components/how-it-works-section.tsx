import { useTranslation } from '#client/i18n';
import { SectionHeading } from './section-heading';

const STEPS = ['start', 'choose', 'alerted', 'act'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="border-y bg-card py-16 sm:py-24">
      <div className="container-page grid gap-12">
        <SectionHeading
          id="how-heading"
          eyebrow={t('landing.how.eyebrow')}
          title={t('landing.how.title')}
          lead={t('landing.how.lead')}
        />
        <ol className="grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="relative grid content-start gap-3">
              <span
                className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">{t('landing.how.stepPrefix', { number: index + 1 })} </span>
                {t(`landing.how.steps.${step}.title`)}
              </h3>
              <p className="text-muted-foreground">{t(`landing.how.steps.${step}.description`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
