import { useTranslation } from '#client/i18n';
import { PolicyPage } from '../policy-page';

export default function TermsRoute() {
  const { t } = useTranslation();
  return <PolicyPage title={t('policies.terms.title')} intro={t('policies.terms.intro')} />;
}
