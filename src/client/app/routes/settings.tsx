import { SettingsScreen } from '#client/features/settings/components/settings-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <MemberScreen title={t('member.settings.title')} description={t('member.settings.description')}>
      <SettingsScreen />
    </MemberScreen>
  );
}
