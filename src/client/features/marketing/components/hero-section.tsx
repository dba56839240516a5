import { ArrowRight, Bell, CheckCircle2, Landmark } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { formatPounds } from '#client/lib/format-number';

export function HeroSection() {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-b bg-gradient-to-b from-accent to-background"
    >
      <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div className="grid gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-primary/20 bg-card px-3 py-1 text-sm font-medium text-primary">
            <Landmark aria-hidden="true" className="size-4" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-heading"
            className="text-[2rem] leading-[1.1] font-bold tracking-tight text-foreground sm:text-5xl lg:text-[3.5rem]"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">{t('landing.hero.lead')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#how-it-works">
                {t('landing.hero.howItWorks')}
                <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">{t('landing.hero.pricing')}</a>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {t('landing.hero.trialNote', { price: formatPounds(15, i18n.language) })}
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** An illustration of an alert as members see it; decorative, the text above says the same. */
function HeroPreview() {
  const { t } = useTranslation();
  const stages = [
    { label: t('landing.preview.stage1'), done: true },
    { label: t('landing.preview.stage2'), done: true },
    { label: t('landing.preview.stage3'), done: true },
    { label: t('landing.preview.stage4'), done: false },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md pb-8 sm:block">
      <div className="rounded-xl border bg-card p-5 shadow-xl shadow-primary/10">
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('landing.preview.kind')}
            </p>
            <p className="font-semibold leading-snug">{t('landing.preview.title')}</p>
          </div>
          <span className="shrink-0 rounded-full bg-warning/15 px-2.5 py-0.5 text-xs font-medium text-warning-strong">
            {t('landing.preview.badge')}
          </span>
        </div>
        <ol className="mt-5 grid gap-3">
          {stages.map((stage) => (
            <li key={stage.label} className="flex items-center gap-3 text-sm">
              {stage.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-success" />
              ) : (
                <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-primary">
                  <span className="size-2 rounded-full bg-primary" />
                </span>
              )}
              <span className={stage.done ? 'text-muted-foreground' : 'font-medium text-foreground'}>
                {stage.label}
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-5 mb-6 rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">{t('landing.preview.summaryTitle')}</p>
          <p className="mt-1 text-muted-foreground">{t('landing.preview.summary')}</p>
        </div>
      </div>
      <div className="absolute -end-2 bottom-0 flex items-center gap-3 rounded-lg border bg-card px-4 py-3 shadow-lg sm:-end-6">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Bell className="size-4" />
        </span>
        <div className="text-sm leading-tight">
          <p className="font-medium">{t('landing.preview.alertTitle')}</p>
          <p className="text-muted-foreground">{t('landing.preview.alertTime')}</p>
        </div>
      </div>
    </div>
  );
}
