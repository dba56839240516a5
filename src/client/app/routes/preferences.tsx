import { useSearchParams } from 'react-router';
import { PreferencesScreen } from '#client/features/preferences/components/preferences-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function PreferencesRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <MemberScreen title={t('member.preferences.title')} description={t('member.preferences.description')}>
      <PreferencesScreen unsubscribed={params.get('unsubscribed') === '1'} />
    </MemberScreen>
  );
}
