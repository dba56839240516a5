import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { withRedirect } from '#client/lib/safe-redirect';
import { safeRedirectPath } from '#shared/redirect';

export function CtaSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  return (
    <section aria-labelledby="cta-heading" className="bg-navy py-16 text-white sm:py-20">
      <div className="container-page grid justify-items-center gap-5 text-center">
        <h2 id="cta-heading" className="max-w-2xl text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="max-w-xl text-lg text-white/85">{t('landing.cta.lead')}</p>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-white text-primary hover:bg-white/90 hover:text-primary focus-visible:outline-white"
        >
          <Link to={withRedirect('/auth?action=signup', redirect)}>{t('landing.cta.button')}</Link>
        </Button>
      </div>
    </section>
  );
}
