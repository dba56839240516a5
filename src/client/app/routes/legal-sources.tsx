import { LegalSourcesScreen } from '#client/features/legal-sources/components/legal-sources-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function LegalSourcesRoute() {
  const { t } = useTranslation();
  return (
    <MemberScreen title={t('member.legalSources.title')} description={t('member.legalSources.description')}>
      <LegalSourcesScreen />
    </MemberScreen>
  );
}
