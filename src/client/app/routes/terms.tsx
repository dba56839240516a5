import { useTranslation } from 'react-i18next';
import { PolicyPage } from '../policy-page';

export default function TermsRoute() {
  const { t } = useTranslation();
  return <PolicyPage title={t('policies.terms.title')} intro={t('policies.terms.intro')} />;
}
