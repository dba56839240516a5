import { BellRing, Globe2, ListChecks, Radar, Sparkles, Target } from 'lucide-react';
import { useTranslation } from '#client/i18n';
import { SectionHeading } from './section-heading';

const FEATURES = [
  { key: 'monitoring', icon: Radar },
  { key: 'insights', icon: Sparkles },
  { key: 'alerts', icon: BellRing },
  { key: 'follow', icon: Target },
  { key: 'timeline', icon: ListChecks },
  { key: 'search', icon: Globe2 },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section id="features" aria-labelledby="features-heading" className="py-16 sm:py-24">
      <div className="container-page grid gap-12">
        <SectionHeading
          id="features-heading"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          lead={t('landing.features.lead')}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`landing.features.items.${key}.title`)}</h3>
              <p className="mt-2 text-muted-foreground">{t(`landing.features.items.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
