import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { CtaSection } from './cta-section';
import { DataSourcesSection } from './data-sources-section';
import { FactsStrip } from './facts-strip';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';

/** The public home page: what the product does, how, what it costs and where the data comes from. */
export function LandingScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.title'));
  return (
    <>
      <HeroSection />
      <FactsStrip />
      <FeaturesSection />
      <HowItWorksSection />
      <PricingSection />
      <DataSourcesSection />
      <CtaSection />
    </>
  );
}
