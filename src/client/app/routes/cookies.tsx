import { useTranslation } from '#client/i18n';
import { PolicyPage } from '../policy-page';

export default function CookiesRoute() {
  const { t } = useTranslation();
  return <PolicyPage title={t('policies.cookies.title')} intro={t('policies.cookies.intro')} />;
}
