import { useTranslation } from 'react-i18next';
import { MemberScreen } from '../member-placeholder';

export default function PreferencesRoute() {
  const { t } = useTranslation();
  return <MemberScreen title={t('member.preferences.title')} description={t('member.preferences.description')} />;
}
