import { BookOpen, Building2, ExternalLink, Landmark, ScrollText } from 'lucide-react';
import { LEGISLATION_TYPES } from '#shared/legislation';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { LANDING_SOURCES } from '../lib/facts';
import { SectionHeading } from './section-heading';

const ICONS = {
  parliament: Landmark,
  legislation: ScrollText,
  scottish: BookOpen,
  govuk: Building2,
} as const;
const SOURCES = LANDING_SOURCES.map((source) => ({ ...source, icon: ICONS[source.key] }));

export function DataSourcesSection() {
  const { t } = useTranslation();
  return (
    <section id="sources" aria-labelledby="sources-heading" className="border-t bg-card py-16 sm:py-24">
      <div className="container-page grid gap-12">
        <SectionHeading
          id="sources-heading"
          eyebrow={t('landing.sources.eyebrow')}
          title={t('landing.sources.title')}
          lead={t('landing.sources.lead')}
        />
        <ul className="grid gap-6 md:grid-cols-2">
          {SOURCES.map(({ key, icon: Icon, url }) => (
            <li
              key={key}
              className={cn(
                'grid content-start gap-3 rounded-xl border bg-background p-6',
                key === 'legislation' && 'md:row-span-3',
              )}
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold">{t(`landing.sources.items.${key}.name`)}</h3>
                  <a
                    href={url}
                    className="inline-flex items-center gap-1 text-sm break-all text-primary underline-offset-4 hover:underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {url.replace(/^https:\/\/(www\.)?/, '')}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">{t('common.opensInNewTab')}</span>
                  </a>
                </div>
              </div>
              <p className="text-muted-foreground">{t(`landing.sources.items.${key}.description`)}</p>
              {key === 'legislation' && <LegislationTypeList />}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LegislationTypeList() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold">
        {t('landing.sources.typesTitle', { count: LEGISLATION_TYPES.length })}
      </h4>
      <ul className="gap-x-6 text-sm text-muted-foreground sm:columns-2">
        {LEGISLATION_TYPES.map((type) => (
          <li key={type.code} className="flex break-inside-avoid items-baseline gap-2 pb-1">
            <span
              aria-hidden="true"
              className="size-1.5 shrink-0 translate-y-[-0.15em] rounded-full bg-primary"
            />
            <span>{t(`legislationTypes.${type.code}` as never, { defaultValue: type.name })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
