import { useTranslation } from 'react-i18next';
import { MemberScreen } from '../member-placeholder';

export default function SubscribeRoute() {
  const { t } = useTranslation();
  return <MemberScreen title={t('member.subscribe.title')} description={t('member.subscribe.description')} />;
}
