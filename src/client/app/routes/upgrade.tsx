import { useTranslation } from 'react-i18next';
import { MemberScreen } from '../member-placeholder';

export default function UpgradeRoute() {
  const { t } = useTranslation();
  return <MemberScreen title={t('member.upgrade.title')} description={t('member.upgrade.description')} />;
}
