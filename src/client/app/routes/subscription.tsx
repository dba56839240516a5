import { SubscriptionScreen } from '#client/features/billing/components/subscription-screen';
import { useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';
import { SubscriptionSeatsSlot } from '../team-slots/subscription';

export default function SubscriptionRoute() {
  const { t } = useTranslation();
  return (
    <MemberScreen title={t('member.subscription.title')} description={t('member.subscription.description')}>
      <SubscriptionScreen />
      <SubscriptionSeatsSlot />
    </MemberScreen>
  );
}
