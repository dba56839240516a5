import { DevelopersCard } from '#client/features/developers/components/developers-card';
import { SettingsScreen } from '#client/features/settings/components/settings-screen';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function SettingsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <MemberScreen title={t('member.settings.title')} description={t('member.settings.description')}>
      <SettingsScreen developers={user ? <DevelopersCard tier={user.subscriptionTier} /> : null} />
    </MemberScreen>
  );
}
