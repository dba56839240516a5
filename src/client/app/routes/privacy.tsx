import { useTranslation } from '#client/i18n';
import { PolicyPage } from '../policy-page';

export default function PrivacyRoute() {
  const { t } = useTranslation();
  return <PolicyPage title={t('policies.privacy.title')} intro={t('policies.privacy.intro')} />;
}
