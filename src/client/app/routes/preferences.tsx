import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PreferencesScreen } from '#client/features/preferences/components/preferences-screen';
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
