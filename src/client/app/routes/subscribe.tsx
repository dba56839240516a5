import { SubscribeScreen } from '#client/features/billing/components/subscribe-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

export default function SubscribeRoute() {
  const { t } = useTranslation();
  return (
    <MemberScreen title={t('member.subscribe.title')} description={t('member.subscribe.description')}>
      <SubscribeScreen />
    </MemberScreen>
  );
}
