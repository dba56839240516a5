import { UpgradeScreen } from '#client/features/billing/components/upgrade-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function UpgradeRoute() {
  const { t } = useTranslation();
  return (
    <MemberScreen title={t('member.upgrade.title')} description={t('member.upgrade.description')}>
      <UpgradeScreen />
    </MemberScreen>
  );
}
