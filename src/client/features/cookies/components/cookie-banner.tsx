import { X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { ACCEPT_ALL, type ConsentChoice, ONLY_NECESSARY } from '../lib/consent';
import { useConsent, useRecordConsent } from '../lib/use-record-consent';

/** The banner fades out over this long after any action (spec §9). */
export const BANNER_FADE_MS = 300;

/**
 * The cookie consent banner (spec document 1 §2): a fixed overlay at the foot of the window, so
 * it shifts nothing; a landmark reached with Tab, never trapping focus. Hidden on /cookies, which
 * offers the same choice in full.
 */
export default function CookieBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { consent, pending } = useConsent();
  const record = useRecordConsent();
  const [phase, setPhase] = useState<'open' | 'closing' | 'closed'>('open');

  if (phase === 'closed' || pending || (phase === 'open' && (consent || pathname === '/cookies')))
    return null;

  const close = () => {
    setPhase('closing');
    window.setTimeout(() => setPhase('closed'), BANNER_FADE_MS);
  };
  const choose = (choice: ConsentChoice) => {
    close();
    void record(choice);
  };

  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 p-3 transition-opacity duration-300 sm:p-4',
        phase === 'closing' && 'pointer-events-none opacity-0',
      )}
    >
      <div className="relative mx-auto max-w-4xl rounded-lg border bg-card p-4 pe-12 text-card-foreground shadow-lg lg:flex lg:items-center lg:gap-6">
        <div className="grid gap-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t('cookies.banner.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('cookies.banner.description')}</p>
        </div>
        <div className="mt-3 flex flex-wrap gap-2 lg:mt-0 lg:shrink-0">
          <Button size="sm" onClick={() => choose(ACCEPT_ALL)}>
            {t('cookies.banner.acceptAll')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => choose(ONLY_NECESSARY)}>
            {t('cookies.banner.onlyNecessary')}
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <Link to="/cookies" onClick={close}>
              {t('cookies.banner.customize')}
            </Link>
          </Button>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t('cookies.banner.close')}
          className="absolute end-2 top-2 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
